package dev.bliss.bench.firewall;

import dev.bliss.firewall.NamedLists;
import dev.bliss.firewall.RuleDefinition;
import dev.bliss.firewall.RuleSet;
import dev.bliss.firewall.action.Action;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;
import org.openjdk.jmh.annotations.Benchmark;
import org.openjdk.jmh.annotations.BenchmarkMode;
import org.openjdk.jmh.annotations.Fork;
import org.openjdk.jmh.annotations.Level;
import org.openjdk.jmh.annotations.Measurement;
import org.openjdk.jmh.annotations.Mode;
import org.openjdk.jmh.annotations.OutputTimeUnit;
import org.openjdk.jmh.annotations.Scope;
import org.openjdk.jmh.annotations.Setup;
import org.openjdk.jmh.annotations.State;
import org.openjdk.jmh.annotations.Warmup;

/**
 * Parsing, checking and compiling 1,000 rules (what a reload of a large rules file costs, YAML
 * reading aside): ten templates of the realistic set's kinds, each with its own constants, so no
 * two rules share a regex, wildcard or set.
 */
@BenchmarkMode(Mode.AverageTime)
@OutputTimeUnit(TimeUnit.MILLISECONDS)
@Fork(value = 1, jvmArgsAppend = {"--add-modules=jdk.incubator.vector", "--enable-native-access=ALL-UNNAMED"})
@Warmup(iterations = 3, time = 3)
@Measurement(iterations = 5, time = 3)
@State(Scope.Thread)
public class RuleSetCompileBenchmark {

    private BenchRules bench;
    private List<RuleDefinition> rules;
    private NamedLists lists;

    @Setup(Level.Trial)
    public void setUp() throws Exception {
        bench = new BenchRules();
        lists = NamedLists.of(Map.of("office", Map.entry("ip", List.of("192.0.2.0/24", "2001:db8::/32"))));
        rules = new ArrayList<>();
        for (int i = 0; i < 1000; i++) {
            String expression = switch (i % 10) {
                case 0 -> "ip.src in {10." + (i % 256) + ".0.0/16 192.0.2." + (i % 256) + "}";
                case 1 -> "http.user_agent matches \"(?i)(bot" + i + "|crawler" + i + "|spider)/[0-9.]+\"";
                case 2 -> "http.request.uri.path wildcard \"/app" + i + "/*/edit\"";
                case 3 -> "cf.bot_management.score gt " + (i % 30) + " and cf.bot_management.score lt " + (30 + i % 50)
                        + " and not cf.bot_management.verified_bot";
                case 4 -> "any(http.request.headers[\"accept\"][*] contains \"type" + i + "\")";
                case 5 -> "http.request.method in {\"GET\" \"HEAD\" \"M" + i + "\"} and starts_with(http.request.uri.path, \"/p" + i + "\")";
                case 6 -> "lower(http.host) eq \"host" + i + ".example.com\" or ends_with(http.host, \".h" + i + ".net\")";
                case 7 -> "any(cf.bot_management.detection_ids[*] in {" + i + " " + (i + 1000) + "})";
                case 8 -> "ip.src in $office and http.request.uri.query contains \"q" + i + "=\"";
                default -> "url_decode(http.request.uri.query) matches \"(?i)union\\s+select\\s+" + i + "\"";
            };
            Action action = switch (i % 4) {
                case 0 -> Action.LOG;
                case 1 -> Action.BLOCK;
                case 2 -> Action.CHALLENGE;
                default -> Action.LOG;
            };
            rules.add(RuleDefinition.of("rule-" + i, expression, action));
        }
        compile1000Rules(); // fails the run if any rule does not compile
    }

    @Benchmark
    public RuleSet compile1000Rules() throws Exception {
        return RuleSet.compile(rules, lists, bench.scheme);
    }
}
