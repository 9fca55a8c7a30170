package dev.bliss.firewall;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.bliss.firewall.action.Action;
import dev.bliss.firewall.action.ForbiddenChallenge;
import dev.bliss.plugin.HeaderName;
import dev.bliss.plugin.SyntheticRequest;
import dev.bliss.plugin.field.Fields;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;

/**
 * The headers that fields read by name ({@code http.user_agent}, {@code http.referer}) are looked
 * up by the handles the host resolved when the evaluator was made, not by their text per request.
 */
class HostHeaderNamesTest {

    private final TestFixture fixture = new TestFixture();

    /** A host's lookup key that counts how often a view reads it. */
    private static final class CountingKey implements CharSequence {
        private final String text;
        int reads;

        CountingKey(String text) {
            this.text = text;
        }

        @Override
        public int length() {
            reads++;
            return text.length();
        }

        @Override
        public char charAt(int index) {
            reads++;
            return text.charAt(index);
        }

        @Override
        public CharSequence subSequence(int start, int end) {
            return text.subSequence(start, end);
        }

        @Override
        public String toString() {
            reads++;
            return text;
        }
    }

    @Test
    void shouldLookTheUserAgentAndRefererUpByTheHostsHandles() throws Exception {
        List<String> resolved = new ArrayList<>();
        List<CountingKey> keys = new ArrayList<>();
        RuleSet rules = RuleSet.compile(List.of(
                RuleDefinition.of("ua", "http.user_agent contains \"curl\" and http.referer eq \"https://example.com/\"",
                        Action.BLOCK)), NamedLists.empty(), fixture.scheme);
        RuleEvaluator evaluator = rules.newEvaluator(ForbiddenChallenge.INSTANCE, name -> {
            resolved.add(name);
            CountingKey key = new CountingKey(name);
            keys.add(key);
            return HeaderName.of(name, key);
        });
        assertEquals(List.of("user-agent", "referer"), resolved, "resolved once, when the evaluator is made");
        keys.forEach(k -> k.reads = 0);

        SyntheticRequest request = new SyntheticRequest()
                .header("User-Agent", "curl/8.5.0")
                .header("Referer", "https://example.com/");
        Fields fields = fixture.fields();
        Decision d = evaluator.evaluate(request, fields);
        assertEquals("ua", d.rule().id());
        assertTrue(keys.get(0).reads > 0 && keys.get(1).reads > 0, "the view was asked by the resolved handles");
    }
}
