package dev.bliss.bench.proxy;

import dev.bliss.plugin.Completion;
import dev.bliss.plugin.FirewallAction;
import dev.bliss.plugin.ScoreSource;
import dev.bliss.plugin.SyntheticRequest;
import dev.bliss.plugin.field.BytesField;
import dev.bliss.plugin.field.FieldRegistry;
import dev.bliss.plugin.field.FieldScheme;
import dev.bliss.plugin.field.FieldSchemeBuilder;
import dev.bliss.plugin.field.Fields;
import dev.bliss.plugin.field.Symbol;
import dev.bliss.plugin.field.IntArrayField;
import dev.bliss.plugin.field.IntField;
import dev.bliss.proxy.stats.LoopRecorder;
import dev.bliss.proxy.stats.TrafficStats;
import java.util.concurrent.TimeUnit;
import org.openjdk.jmh.annotations.Benchmark;
import org.openjdk.jmh.annotations.BenchmarkMode;
import org.openjdk.jmh.annotations.Fork;
import org.openjdk.jmh.annotations.Measurement;
import org.openjdk.jmh.annotations.Mode;
import org.openjdk.jmh.annotations.OutputTimeUnit;
import org.openjdk.jmh.annotations.Param;
import org.openjdk.jmh.annotations.Scope;
import org.openjdk.jmh.annotations.Setup;
import org.openjdk.jmh.annotations.State;
import org.openjdk.jmh.annotations.Warmup;
import org.openjdk.jmh.infra.Blackhole;

/**
 * What the dashboard costs the request path: bot management's report of the exchange's score to
 * the loop's tally ({@code LoopRecorder.scored}, from its log phase) and one
 * {@code LoopRecorder.record} per exchange, as {@code ExchangeEnd.complete} calls it, with the
 * recent top lists' client address and path (8 of each, so their tables hit).
 * {@code recordScored}: a score of 80 from {@code machine_learning} (this second's (source, score)
 * count); {@code recordLowScore}: a score of 5 and a detection id, with a JA4 and a user agent,
 * cycling over 64 of each, twice what the Space-Saving tables hold, so lookups miss and replace. The clock advances
 * 50 µs per exchange, so seconds roll over (and are folded into their minute) as they would at
 * 20k req/s per loop, and the top lists sample one exchange in 64.
 *
 * <pre>java -jar benchmarks/target/benchmarks.jar LoopRecorderBenchmark -prof gc</pre>
 *
 * On a loaded machine, single shots of many calls show the uninterrupted cost better than
 * averages do (the fastest shots): {@code -bm ss -bs 100000 -wi 40 -i 150 -f 1 -tu us}, a
 * shot's time divided by 100,000.
 */
@State(Scope.Thread)
@BenchmarkMode(Mode.AverageTime)
@OutputTimeUnit(TimeUnit.NANOSECONDS)
@Fork(1)
@Warmup(iterations = 3, time = 2)
@Measurement(iterations = 5, time = 2)
public class LoopRecorderBenchmark {

    private static final int VARIETY = 64;
    private static final Symbol ML = ScoreSource.MACHINE_LEARNING.symbol();
    /** Blackhole.consumeCPU tokens between two exchanges in the *AmidWork benchmarks: about 110 ns on this VM. */
    private static final int OTHER_WORK = 64;

    /** The loop's exchanges a second: the clock's step, and so how often the top lists sample. */
    @Param({"20000", "200000"})
    public int perSecond;

    /**
     * How many field tables the exchanges cycle over (a power of two): 64 by default, each then
     * cold-ish when its turn comes; 1 (run with {@code -p tables=1}) keeps the one table in L1, as
     * the proxy's is when the detectors have just written it.
     */
    @Param({"64"})
    public int tables;
    private int tableMask;

    private LoopRecorder recorder;
    private final SyntheticRequest[] requests = new SyntheticRequest[VARIETY];
    private final Fields[] scored = new Fields[VARIETY];
    private final Fields[] low = new Fields[VARIETY];
    private EndingAt completion;
    private int next;

    @Setup
    public void setUp() {
        FieldSchemeBuilder builder = new FieldSchemeBuilder();
        FieldRegistry r = builder.registryFor("bot");
        IntField score = r.produceInt("bot.score");
        BytesField source = r.produceBytes("bot.score_source", 16);
        IntArrayField ids = r.produceIntArray("bot.detection_ids", 4);
        BytesField ja4 = r.produceBytes("bot.ja4", 36);
        FieldScheme scheme = builder.build();
        recorder = TrafficStats.of(scheme).newRecorder();
        completion = new EndingAt(1_000_000_000L / perSecond);
        if (Integer.bitCount(tables) != 1 || tables > VARIETY) {
            throw new IllegalArgumentException("tables must be a power of two up to " + VARIETY + ": " + tables);
        }
        tableMask = tables - 1;
        for (int i = 0; i < VARIETY; i++) {
            // 8 clients and 8 paths: the recent top lists hit their tables, as steady traffic does
            requests[i] = new SyntheticRequest().header("user-agent", "python-requests/2." + i).path("/page/" + (i % 8))
                    .clientAddress(dev.bliss.plugin.IpAddress.of("192.0.2." + (i % 8)));
            scored[i] = scheme.newTable();
            scored[i].set(score, 80);
            scored[i].set(source, ScoreSource.MACHINE_LEARNING.symbol());
            scored[i].setEmpty(ids);
            low[i] = scheme.newTable();
            low[i].set(score, 5);
            low[i].set(source, ScoreSource.MACHINE_LEARNING.symbol());
            low[i].set(ja4, "t13d15" + (10 + i) + "h2_8daaf6152771_e5627efa2ab1");
            low[i].setEmpty(ids);
            low[i].add(ids, 3);
        }
    }

    /** The harness alone: picking the exchange and advancing the clock, what the two others pay besides recording. */
    @Benchmark
    public Object harness() {
        int i = next++ & (VARIETY - 1);
        return completion.advance() == null ? requests[i] : scored[i & tableMask];
    }

    @Benchmark
    public void recordScored() {
        int i = next++ & (VARIETY - 1);
        recorder.scored(ML, 80);
        recorder.record(requests[i], scored[i & tableMask], completion.advance());
    }

    /**
     * The harness and {@value #OTHER_WORK} tokens of other work ({@link Blackhole#consumeCPU}: a
     * serial chain of arithmetic, no memory), what {@code recordScoredAmidWork} pays besides
     * recording.
     */
    @Benchmark
    public Object otherWork() {
        int i = next++ & (VARIETY - 1);
        Blackhole.consumeCPU(OTHER_WORK);
        return completion.advance() == null ? requests[i] : scored[i & tableMask];
    }

    /**
     * As {@code recordScored}, with other work between two exchanges, as a loop has (the proxy's
     * exchange costs it some 20 µs of CPU). Calls back to back might overstate the cost: each
     * increments the count and the sampler's countdown the previous call has just stored, a chain
     * that work in between would hide. The difference to {@code otherWork} is what recording adds
     * to such an exchange (the same as back to back, measured: proxy/README.md).
     */
    @Benchmark
    public void recordScoredAmidWork() {
        int i = next++ & (VARIETY - 1);
        Blackhole.consumeCPU(OTHER_WORK);
        recorder.scored(ML, 80);
        recorder.record(requests[i], scored[i & tableMask], completion.advance());
    }

    @Benchmark
    public void recordLowScore() {
        int i = next++ & (VARIETY - 1);
        recorder.scored(ML, 5);
        recorder.detected(3);
        recorder.record(requests[i], low[i & tableMask], completion.advance());
    }

    /** A completion whose duration is the exchange's end (SyntheticRequest arrives at 0). */
    static final class EndingAt implements Completion {

        private final long step;
        private long end = 1_000_000_000_000L;

        EndingAt(long step) {
            this.step = step;
        }

        EndingAt advance() {
            end += step;
            return this;
        }

        @Override
        public int status() {
            return 200;
        }

        @Override
        public CharSequence ruleId() {
            return null;
        }

        @Override
        public FirewallAction action() {
            return FirewallAction.NONE;
        }

        @Override
        public CharSequence localReason() {
            return null;
        }

        @Override
        public long durationNanos() {
            return end;
        }
    }
}
