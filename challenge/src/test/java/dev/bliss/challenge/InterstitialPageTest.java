package dev.bliss.challenge;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.charset.StandardCharsets;
import java.security.MessageDigest;
import java.util.Base64;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.junit.jupiter.api.Test;

class InterstitialPageTest {

    private final InterstitialPage page = InterstitialPage.load();

    private String render(String returnTo, String requestId) {
        return new String(page.render("/.bliss/challenge/verify", 16, "NONCE", "rule-1", returnTo, requestId), StandardCharsets.UTF_8);
    }

    @Test
    void shouldBeSmallAndSelfContained() {
        String html = render("/a?b=1", "req-1");
        assertTrue(html.length() < 16 * 1024, html.length() + " bytes");
        assertTrue(html.contains("<noscript>"));
        assertFalse(Pattern.compile("(src|href)\\s*=", Pattern.CASE_INSENSITIVE).matcher(html).find(), "an external resource");
        assertFalse(html.contains("{{"));
        assertTrue(html.contains("Request id <code>req-1</code>"));
        assertTrue(html.contains("action=\"/.bliss/challenge/verify\""));
        assertTrue(html.contains("data-difficulty=\"16\""));
    }

    @Test
    void shouldAllowExactlyItsScriptAndStyleByHash() throws Exception {
        String csp = page.contentSecurityPolicy();
        assertTrue(csp.startsWith("default-src 'none'; "), csp);
        assertFalse(csp.contains("unsafe"), csp);
        String html = render("/", "r");
        for (String tag : new String[]{"script", "style"}) {
            Matcher m = Pattern.compile("<" + tag + ">(.*?)</" + tag + ">", Pattern.DOTALL).matcher(html);
            assertTrue(m.find());
            String hash = Base64.getEncoder().encodeToString(MessageDigest.getInstance("SHA-256").digest(m.group(1).getBytes(StandardCharsets.UTF_8)));
            assertTrue(csp.contains(tag + "-src 'sha256-" + hash + "'"), tag + " hash not in " + csp);
        }
    }

    @Test
    void shouldEscapeWhatTheClientSent() {
        String html = render("/x?q=\"><script>alert(1)</script>", "<b>id</b>");
        assertFalse(html.contains("<script>alert"));
        assertTrue(html.contains("value=\"/x?q=&quot;&gt;&lt;script&gt;alert(1)&lt;/script&gt;\""));
        assertTrue(html.contains("<code>&lt;b&gt;id&lt;/b&gt;</code>"));
        assertEquals(1, html.split("<script>", -1).length - 1);
    }
}
