package dev.bliss.firewall;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.bliss.firewall.action.LocalResponse;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** A block rule's body template: the request id and rule id put in, escaped for the content type. */
class BlockResponseTemplateTest {

    @TempDir
    Path dir;

    private static String render(LocalResponse r, String requestId, String ruleId) {
        return new String(r.render(requestId, ruleId), StandardCharsets.UTF_8);
    }

    @Test
    void shouldPutTheRequestIdAndRuleIdIntoTheBody() {
        LocalResponse r = new LocalResponse(429, "text/plain", "slow down (${rule_id}), reference ${request_id}; again: ${request_id}\n");
        assertEquals("slow down (rate), reference abc-123; again: abc-123\n", render(r, "abc-123", "rate"));
    }

    @Test
    void shouldNameTheRequestIdInTheDefaultBlockBody() {
        assertEquals("Forbidden: this request was blocked by the firewall.\nrequest id: r-9\n",
                render(LocalResponse.DEFAULT_BLOCK, "r-9", "some-rule"));
    }

    @Test
    void shouldEscapeValuesForHtmlAndJson() {
        LocalResponse html = new LocalResponse(403, "text/html; charset=utf-8", "<p>ref ${request_id}</p>");
        assertEquals("<p>ref &lt;b&gt;&amp;&quot;&#39;</p>", render(html, "<b>&\"'", "r"));
        LocalResponse json = new LocalResponse(403, "application/json", "{\"request_id\":\"${request_id}\",\"rule\":\"${rule_id}\"}");
        assertEquals("{\"request_id\":\"a\\\"b\\\\c\",\"rule\":\"\"}", render(json, "a\"b\\c", null));
    }

    @Test
    void shouldRefuseAnUnknownPlaceholderWithItsPositionInTheRulesFile() throws Exception {
        Path file = dir.resolve("rules.yaml");
        Files.writeString(file, """
                rules:
                  - id: b
                    expression: ssl
                    action: block
                    body: "blocked ${ray_id}"
                """);
        RulesException e = assertThrows(RulesException.class, () -> RuleSet.load(file, new TestFixture().scheme));
        assertTrue(e.getMessage().contains("rules.yaml:5:"), e.getMessage());
        assertTrue(e.getMessage().contains("body") && e.getMessage().contains("${ray_id}") && e.getMessage().contains("${request_id}"),
                e.getMessage());
    }
}
