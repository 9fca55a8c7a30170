package dev.bliss.firewall;

import static org.junit.jupiter.api.Assertions.assertEquals;

import dev.bliss.config.yaml.YamlConfigReader;
import dev.bliss.firewall.action.Verdict;
import dev.bliss.plugin.IpAddress;
import dev.bliss.plugin.config.ConfigSection;
import dev.bliss.plugin.field.Fields;
import java.lang.management.ManagementFactory;
import java.nio.charset.StandardCharsets;
import org.junit.jupiter.api.Test;

/**
 * Evaluating a realistic rule set allocates nothing once warm: 0 thread-allocated bytes over
 * 100,000 evaluations, alternating a browser request that passes every rule with a scripted one
 * that is challenged.
 */
class ZeroAllocationTest {

    private static final int WARM_UP = 50_000;
    private static final int MEASURED = 100_000;

    @Test
    void shouldAllocateNothingOver100000Evaluations() throws Exception {
        TestFixture fixture = new TestFixture();
        RuleSet rules = RuleSet.compile(realisticRules(), fixture.scheme);
        assertEquals(20, rules.rules().size());
        RuleEvaluator evaluator = rules.newEvaluator();

        SyntheticRequest browser = browser();
        Fields browserFields = fixture.scheme.newTable();
        browserFields.set(fixture.score, 72);
        browserFields.set(fixture.verified, false);
        browserFields.set(fixture.ja3, "cd08e31494f9531f560d64c695473da9");

        SyntheticRequest script = browser().setHeader("user-agent", "python-requests/2.31").uri("/api/v1/items?q=1");
        Fields scriptFields = fixture.scheme.newTable();
        scriptFields.set(fixture.score, 12);
        scriptFields.set(fixture.verified, false);
        scriptFields.add(fixture.detectionIds, 50331649);

        assertEquals(Verdict.NONE, evaluator.evaluate(browser, browserFields).verdict());
        assertEquals(Verdict.CHALLENGE, evaluator.evaluate(script, scriptFields).verdict());

        com.sun.management.ThreadMXBean threads = (com.sun.management.ThreadMXBean) ManagementFactory.getThreadMXBean();
        long sink = 0;
        for (int i = 0; i < WARM_UP; i++) {
            sink += evaluator.evaluate(browser, browserFields).verdict().ordinal();
            sink += evaluator.evaluate(script, scriptFields).verdict().ordinal();
        }
        threads.getCurrentThreadAllocatedBytes();
        long before = threads.getCurrentThreadAllocatedBytes();
        for (int i = 0; i < MEASURED / 2; i++) {
            sink += evaluator.evaluate(browser, browserFields).verdict().ordinal();
            sink += evaluator.evaluate(script, scriptFields).verdict().ordinal();
        }
        long allocated = threads.getCurrentThreadAllocatedBytes() - before;
        assertEquals(0, allocated, "bytes allocated by " + MEASURED + " evaluations");
        // NONE (0) for the browser, CHALLENGE (3) for the script, every time
        assertEquals(3L * (WARM_UP + MEASURED / 2), sink);
    }

    static SyntheticRequest browser() {
        return new SyntheticRequest()
                .method("GET")
                .host("www.example.com")
                .uri("/products/42?ref=home")
                .tls(true)
                .localPort(443)
                .clientAddress(IpAddress.of("203.0.113.7"))
                .header("host", "www.example.com")
                .header("user-agent", "Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/120.0.0.0 Safari/537.36")
                .header("accept", "text/html,application/xhtml+xml,application/xml;q=0.9,*/*;q=0.8")
                .header("accept-language", "en-US,en;q=0.9")
                .header("accept-encoding", "gzip, deflate, br")
                .header("referer", "https://www.example.com/")
                .header("cookie", "session=3f2a9c; consent=1");
    }

    static ConfigSection realisticRules() throws Exception {
        try (var in = ZeroAllocationTest.class.getResourceAsStream("/realistic-rules.yaml")) {
            String text = new String(in.readAllBytes(), StandardCharsets.UTF_8);
            return ConfigSection.root(YamlConfigReader.parse("realistic-rules.yaml", text));
        }
    }
}
