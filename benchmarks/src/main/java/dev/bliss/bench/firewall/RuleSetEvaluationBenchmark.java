package dev.bliss.bench.firewall;

import dev.bliss.config.yaml.YamlConfigReader;
import dev.bliss.firewall.RuleEvaluator;
import dev.bliss.firewall.RuleSet;
import dev.bliss.plugin.SyntheticRequest;
import dev.bliss.firewall.action.Verdict;
import dev.bliss.plugin.config.ConfigSection;
import dev.bliss.plugin.field.Fields;
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
 * One evaluation of the twenty realistic rules ({@link BenchRules#REALISTIC}) for one request, on
 * one evaluator, as an event loop runs it:
 * <ul>
 *   <li>{@code browserAllRules}: a browser page view that matches nothing, so every rule runs
 *       (three regexes over path, agent and query, two wildcards, sets, lists, header arrays);
 *   <li>{@code scriptChallenged}: a scripted client challenged by the ninth rule.
 * </ul>
 * Target: at most 200 ns for the whole set and {@code gc.alloc.rate.norm} 0 B/op.
 */
@BenchmarkMode(Mode.AverageTime)
@OutputTimeUnit(TimeUnit.NANOSECONDS)
@Fork(value = 1, jvmArgsAppend = {"--add-modules=jdk.incubator.vector", "--enable-native-access=ALL-UNNAMED"})
@Warmup(iterations = 3, time = 2)
@Measurement(iterations = 5, time = 2)
@State(Scope.Thread)
public class RuleSetEvaluationBenchmark {

    private RuleEvaluator evaluator;
    private SyntheticRequest browser;
    private SyntheticRequest script;
    private Fields browserFields;
    private Fields scriptFields;

    @Setup(Level.Trial)
    public void setUp() throws Exception {
        BenchRules b = new BenchRules();
        RuleSet rules = RuleSet.compile(ConfigSection.root(YamlConfigReader.parse("realistic", BenchRules.REALISTIC)), b.scheme);
        if (rules.rules().size() != 20) {
            throw new IllegalStateException("expected 20 rules, got " + rules.rules().size());
        }
        evaluator = rules.newEvaluator();
        browser = BenchRules.browser();
        script = BenchRules.script();
        browserFields = b.scheme.newTable();
        browserFields.set(b.score, 72);
        browserFields.set(b.verified, false);
        browserFields.set(b.ja3, "cd08e31494f9531f560d64c695473da9");
        scriptFields = b.scheme.newTable();
        scriptFields.set(b.score, 12);
        scriptFields.set(b.verified, false);
        scriptFields.add(b.detectionIds, 50331649);
        // A benchmark of the wrong answer is worthless.
        if (evaluator.evaluate(browser, browserFields).verdict() != Verdict.NONE
                || evaluator.evaluate(script, scriptFields).verdict() != Verdict.CHALLENGE) {
            throw new IllegalStateException("unexpected verdicts");
        }
    }

    @Benchmark
    public Verdict browserAllRules() {
        return evaluator.evaluate(browser, browserFields).verdict();
    }

    @Benchmark
    public Verdict scriptChallenged() {
        return evaluator.evaluate(script, scriptFields).verdict();
    }
}
