package dev.bliss.firewall;

import dev.bliss.config.yaml.YamlConfigReader;
import dev.bliss.firewall.action.Verdict;
import dev.bliss.plugin.IpAddress;
import dev.bliss.plugin.SyntheticRequest;
import dev.bliss.plugin.config.ConfigSection;
import dev.bliss.plugin.field.Fields;
import java.nio.charset.StandardCharsets;

/**
 * The allocation tests' workload: the 20 rules of realistic-rules.yaml, a browser request that
 * passes every rule and a scripted one that is challenged.
 */
final class RealisticTraffic {

    final RuleSet rules;
    final RuleEvaluator evaluator;
    final SyntheticRequest browser = browser();
    final SyntheticRequest script = browser().setHeader("user-agent", "python-requests/2.31").uri("/api/v1/items?q=1");
    final Fields browserFields;
    final Fields scriptFields;

    RealisticTraffic() throws Exception {
        TestFixture fixture = new TestFixture();
        rules = RuleSet.compile(realisticRules(), fixture.scheme);
        evaluator = rules.newEvaluator();
        browserFields = fixture.scheme.newTable();
        browserFields.set(fixture.score, 72);
        browserFields.set(fixture.verified, false);
        browserFields.set(fixture.ja3, "cd08e31494f9531f560d64c695473da9");
        scriptFields = fixture.scheme.newTable();
        scriptFields.set(fixture.score, 12);
        scriptFields.set(fixture.verified, false);
        scriptFields.add(fixture.detectionIds, 50331649);
    }

    /** One evaluation of each request: {@link Verdict#NONE} (0) plus {@link Verdict#CHALLENGE} (3). */
    int evaluatePair() {
        return evaluator.evaluate(browser, browserFields).verdict().ordinal()
                + evaluator.evaluate(script, scriptFields).verdict().ordinal();
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
        try (var in = RealisticTraffic.class.getResourceAsStream("/realistic-rules.yaml")) {
            String text = new String(in.readAllBytes(), StandardCharsets.UTF_8);
            return ConfigSection.root(YamlConfigReader.parse("realistic-rules.yaml", text));
        }
    }
}
