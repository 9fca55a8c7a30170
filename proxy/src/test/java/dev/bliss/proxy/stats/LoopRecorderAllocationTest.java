package dev.bliss.proxy.stats;

import static org.junit.jupiter.api.Assertions.assertEquals;

import com.sun.management.ThreadMXBean;
import dev.bliss.plugin.ScoreSource;
import dev.bliss.plugin.SyntheticRequest;
import dev.bliss.plugin.field.Fields;
import dev.bliss.plugin.field.Symbol;
import java.lang.management.ManagementFactory;
import org.junit.jupiter.api.Test;

/**
 * The request path's side of the dashboard allocates nothing: 100,000 exchanges reported and
 * recorded across second and minute boundaries, with low scores (JA4 and user agent tables,
 * replacements included), detection ids, exchanges not scored and sources without a score, and
 * the recent top lists (more client addresses, IPv4 and IPv6, paths and rules than their tables
 * hold, across minutes), measured with the thread's allocated-bytes counter.
 */
class LoopRecorderAllocationTest {

    private static final int EXCHANGES = 100_000;

    private final RecordedExchanges x = new RecordedExchanges();
    private final LoopRecorder recorder = TrafficStats.of(x.scheme).newRecorder();
    private final SyntheticRequest[] requests = new SyntheticRequest[64];
    private final Fields[] tables = new Fields[64];
    /** Per exchange: the source its detector reports (null: none), the score, the detection id. */
    private final Symbol[] sources = new Symbol[64];
    private final int[] scores = new int[64];
    private final int[] ids = new int[64];
    private long clock = 5_000_000_000_000L;
    private static final String[] RULES = rules();

    /** More rule ids than a recent table holds, and requests no rule decided. */
    private static String[] rules() {
        String[] r = new String[48];
        for (int i = 0; i < r.length; i++) {
            r[i] = i % 3 == 0 ? null : "rule-" + i;
        }
        return r;
    }

    @Test
    void shouldAllocateNothingPerExchangeOnceWarm() {
        for (int i = 0; i < requests.length; i++) {
            // more distinct agents and fingerprints than the tables hold: replacements happen
            requests[i] = new SyntheticRequest().header("user-agent", "agent-" + i).path("/page/" + i)
                    .clientAddress(dev.bliss.plugin.IpAddress.of(i % 2 == 0 ? "198.51.100." + i : "2001:db8::" + i));
            Fields f = x.scheme.newTable();
            tables[i] = f;
            f.set(x.ja4, "t13d15" + i + "h2_8daaf6152771_e5627efa2ab1");
            if (i % 16 == 15) {
                continue; // not scored: no report
            }
            sources[i] = i % 3 == 0 ? ScoreSource.HEURISTICS.symbol() : ScoreSource.MACHINE_LEARNING.symbol();
            scores[i] = i % 16 == 14 ? 0 : 1 + i % 99; // 0: a source without a score
            ids[i] = i % 20;
        }
        for (int round = 0; round < 2_000; round++) {
            run(100);
        }
        ThreadMXBean threads = (ThreadMXBean) ManagementFactory.getThreadMXBean();
        long allocated = Long.MAX_VALUE;
        for (int attempt = 0; attempt < 3 && allocated != 0; attempt++) {
            long before = threads.getCurrentThreadAllocatedBytes();
            run(EXCHANGES);
            allocated = Math.min(allocated, threads.getCurrentThreadAllocatedBytes() - before);
        }
        assertEquals(0, allocated, "bytes allocated by recording " + EXCHANGES + " exchanges");
    }

    private void run(int n) {
        for (int i = 0; i < n; i++) {
            clock += 3_000_000; // 3 ms apart: seconds and minutes roll over during the run
            int k = i & (requests.length - 1);
            if (sources[k] != null) {
                recorder.scored(sources[k], scores[k]);
                recorder.detected(ids[k]);
            }
            recorder.record(requests[k], tables[k], x.completion.at(clock, RULES[i % RULES.length]));
        }
    }
}
