package dev.bliss.proxy.stats;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.bliss.plugin.SyntheticRequest;
import dev.bliss.plugin.field.FieldSchemeBuilder;
import dev.bliss.plugin.field.Fields;
import java.util.List;
import org.junit.jupiter.api.Test;

/** What the loops' recorders count, and how their merge adds them up by window and source. */
class LoopRecorderTest {

    private static final long SECOND = 1_000_000_000L;
    private static final long START = 1_000 * 60 * SECOND; // a minute boundary, far from 0

    private final RecordedExchanges x = new RecordedExchanges();
    private final TrafficStats stats = TrafficStats.of(x.scheme);
    private final SyntheticRequest request = new SyntheticRequest().header("user-agent", "curl/8.5");

    private void record(LoopRecorder r, long endNanos, int score, String source) {
        Fields f = x.scheme.newTable();
        if (score > 0) {
            f.set(x.score, score);
        }
        f.set(x.source, source);
        r.record(request, f, x.completion.at(endNanos));
    }

    @Test
    void shouldMergeTheLoopsHistogramsBySourceName() {
        LoopRecorder a = stats.newRecorder();
        LoopRecorder b = stats.newRecorder();
        // b sees the sources in another order: indexes differ per loop, names are merged
        record(a, START, 80, "machine_learning");
        record(a, START, 1, "heuristics");
        record(b, START, 1, "heuristics");
        record(b, START, 80, "machine_learning");
        record(b, START, 0, "not_computed");

        TrafficSnapshot.Window minute = stats.snapshot(START + SECOND).lastMinute();
        assertEquals(5, minute.requests());
        assertEquals(4, minute.scored());
        assertEquals(2, minute.lowScore());
        assertEquals(List.of("machine_learning", "heuristics", "not_computed"),
                minute.sources().stream().map(TrafficSnapshot.SourceHistogram::source).toList());
        assertEquals(2, minute.sources().get(0).counts()[80]);
        assertEquals(2, minute.sources().get(1).counts()[1]);
        assertEquals(1, minute.sources().get(2).counts()[0], "a source without a score counts at 0");
    }

    @Test
    void shouldDropSecondsOlderThanAMinuteButKeepThemForTheHour() {
        LoopRecorder r = stats.newRecorder();
        record(r, START, 50, "machine_learning");
        record(r, START + 90 * SECOND, 50, "machine_learning");

        TrafficSnapshot s = stats.snapshot(START + 91 * SECOND);
        assertEquals(1, s.lastMinute().requests(), "the first request is 91 s old");
        assertEquals(2, s.lastHour().requests());
        assertEquals(0, stats.snapshot(START + 62 * 60 * SECOND).lastHour().requests(), "both are over an hour old");
    }

    @Test
    void shouldGiveRequestsPerSecondOldestFirstEndingWithTheLastCompleteSecond() {
        LoopRecorder r = stats.newRecorder();
        for (int i = 0; i < 3; i++) {
            record(r, START + 10 * SECOND, 70, "machine_learning");
        }
        record(r, START + 11 * SECOND, 10, "machine_learning");
        record(r, START + 12 * SECOND, 70, "machine_learning"); // the current second: not in the series

        TrafficSnapshot s = stats.snapshot(START + 12 * SECOND + SECOND / 2);
        long[] perSecond = s.requestsPerSecond();
        assertEquals(60, perSecond.length);
        assertEquals(1, perSecond[59]);
        assertEquals(3, perSecond[58]);
        assertEquals(1, s.lowScorePerSecond()[59]);
        assertEquals(0, s.lowScorePerSecond()[58]);
    }

    @Test
    void shouldCountDetectionIdsAndTheFingerprintsAndAgentsOfLowScoresOnly() {
        LoopRecorder r = stats.newRecorder();
        for (int i = 0; i < 5; i++) {
            Fields f = x.scheme.newTable();
            f.set(x.score, i < 3 ? 2 : 90);
            f.set(x.source, "machine_learning");
            f.set(x.ja4, i < 3 ? "t13d1516h2_8daaf6152771_e5627efa2ab1" : "t13d0000h2_000000000000_000000000000");
            f.add(x.ids, 7);
            f.add(x.ids, i == 0 ? 5000 : 7);
            r.record(request, f, x.completion.at(START));
        }
        TrafficSnapshot s = stats.snapshot(START);
        assertEquals(9L, s.detectionIds().get("7"));
        assertEquals(1L, s.detectionIds().get("other"), "ids past the table are counted together");
        assertEquals(List.of(new TrafficSnapshot.Count("t13d1516h2_8daaf6152771_e5627efa2ab1", 3)), s.lowScoreJa4());
        assertEquals(List.of(new TrafficSnapshot.Count("curl/8.5", 3)), s.lowScoreUserAgents());
    }

    @Test
    void shouldKeepTheMostFrequentValueWhenManyRareOnesPassThrough() {
        TopValues top = new TopValues(4);
        for (int i = 0; i < 1_000; i++) {
            top.add("frequent", 1);
            top.add("rare-" + i, 1);
        }
        java.util.Map<String, Long> counts = new java.util.HashMap<>();
        top.addInto(counts);
        assertTrue(counts.containsKey("frequent"), counts.toString());
        assertTrue(counts.get("frequent") >= 1_000, "Space-Saving never undercounts a value it holds");
        assertEquals(4, counts.size());
    }

    @Test
    void shouldCountOnlyRequestsWithoutScoreFieldsInSchemesThatHaveNone() {
        TrafficStats none = TrafficStats.of(new FieldSchemeBuilder().build());
        assertFalse(none.scoresAvailable());
        LoopRecorder r = none.newRecorder();
        r.record(request, new FieldSchemeBuilder().build().newTable(), x.completion.at(START));
        TrafficSnapshot s = none.snapshot(START);
        assertEquals(1, s.lastMinute().requests());
        assertEquals(0, s.lastMinute().sources().size());
        assertArrayEquals(new long[60], s.lowScorePerSecond());
    }
}
