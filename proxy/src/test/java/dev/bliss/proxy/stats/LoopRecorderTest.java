package dev.bliss.proxy.stats;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.bliss.plugin.ScoreSource;
import dev.bliss.plugin.SyntheticRequest;
import dev.bliss.plugin.field.FieldSchemeBuilder;
import dev.bliss.plugin.field.Fields;
import dev.bliss.plugin.field.Symbol;
import java.util.List;
import org.junit.jupiter.api.Test;

/** What the loops' recorders count, and how their merge adds them up by window and source. */
class LoopRecorderTest {

    private static final long SECOND = 1_000_000_000L;
    private static final long MINUTE = 60 * SECOND;
    private static final long START = 1_000 * 60 * SECOND; // a minute boundary, far from 0

    private final RecordedExchanges x = new RecordedExchanges();
    private final TrafficStats stats = TrafficStats.of(x.scheme);
    private final SyntheticRequest request = new SyntheticRequest().header("user-agent", "curl/8.5");

    /** An exchange whose detector reported {@code score} from {@code source}, as bot management does in its log phase. */
    private void record(LoopRecorder r, long endNanos, int score, String source) {
        r.scored(Symbol.of(source), score);
        r.record(request, x.scheme.newTable(), x.completion.at(endNanos));
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
    void shouldCountAnExchangeAsUnscoredWhenNoReportCameForItThoughItsFieldsHoldAScore() {
        LoopRecorder r = stats.newRecorder();
        record(r, START, 80, "machine_learning");
        Fields f = x.scheme.newTable();
        f.set(x.score, 80); // a detector that only sets the fields is read by rules, not counted here
        f.set(x.source, ScoreSource.MACHINE_LEARNING.symbol());
        r.record(request, f, x.completion.at(START));
        r.scored(ScoreSource.HEURISTICS.symbol(), 1);
        r.record(request, f, x.completion.at(START));
        r.record(request, f, x.completion.at(START)); // the report was the exchange before's

        TrafficSnapshot.Window minute = stats.snapshot(START + SECOND).lastMinute();
        assertEquals(4, minute.requests());
        assertEquals(2, minute.scored());
        assertEquals(List.of("machine_learning", "heuristics"),
                minute.sources().stream().map(TrafficSnapshot.SourceHistogram::source).toList());
        assertEquals(1, minute.sources().get(0).counts()[80]);
        assertEquals(1, minute.sources().get(1).counts()[1]);
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
    void shouldCountTheLastSecondBeforeAnIdleGapInEveryWindowUntilItIsOld() {
        LoopRecorder r = stats.newRecorder();
        record(r, START + 10 * SECOND, 12, "machine_learning");
        record(r, START + 10 * SECOND, 80, "machine_learning");
        // the loop goes quiet: its last second stays unfolded, the readers count it all the same
        TrafficSnapshot soon = stats.snapshot(START + 11 * SECOND);
        assertEquals(2, soon.lastMinute().requests());
        assertEquals(2, soon.lastHour().requests());
        assertEquals(1, soon.lastHour().lowScore());
        assertEquals(2, soon.requestsPerSecond()[59]);
        assertEquals(1, soon.lowScorePerSecond()[59]);
        assertEquals(1, stats.scoresSinceStart().get("machine_learning")[12]);

        TrafficSnapshot minutesLater = stats.snapshot(START + 30 * MINUTE);
        assertEquals(0, minutesLater.lastMinute().requests(), "out of the minute");
        assertArrayEquals(new long[60], minutesLater.requestsPerSecond());
        assertEquals(2, minutesLater.lastHour().requests(), "still in the hour");
        assertEquals(2, minutesLater.lastHour().scored());

        TrafficSnapshot hourLater = stats.snapshot(START + 61 * MINUTE);
        assertEquals(0, hourLater.lastHour().requests(), "its minute is over an hour old");
        assertEquals(0, hourLater.lastHour().sources().get(0).counts()[80]);
        assertEquals(1, stats.scoresSinceStart().get("machine_learning")[80], "since start keeps it");

        // the next exchange, 70 minutes on, folds it: once, into a minute the hour no longer reads
        record(r, START + 70 * MINUTE, 12, "machine_learning");
        TrafficSnapshot after = stats.snapshot(START + 70 * MINUTE + SECOND);
        assertEquals(1, after.lastHour().requests());
        assertEquals(1, after.lastMinute().requests());
        assertEquals(1, after.requestsPerSecond()[59]);
        assertEquals(2, stats.scoresSinceStart().get("machine_learning")[12], "folded once, not twice");
        assertEquals(1, stats.scoresSinceStart().get("machine_learning")[80]);
    }

    @Test
    void shouldKeepCountsExactAcrossGapsOfSecondsAndMinutesAndAWrappedRing() {
        LoopRecorder r = stats.newRecorder();
        // 61 second rows: a gap of exactly 61 s lands on the same row, which must be folded first
        record(r, START, 50, "heuristics");
        record(r, START + 61 * SECOND, 50, "heuristics");
        record(r, START + 61 * SECOND + 3 * SECOND, 50, "heuristics");
        // 61 minute rows: the same after 61 minutes
        record(r, START + 61 * MINUTE + 2 * SECOND, 50, "heuristics");
        TrafficSnapshot s = stats.snapshot(START + 61 * MINUTE + 2 * SECOND);
        assertEquals(1, s.lastMinute().requests());
        assertEquals(1, s.lastHour().requests(), "the first three are in minutes 0 and 1, over an hour old");
        assertEquals(4, stats.scoresSinceStart().get("heuristics")[50]);
        // the next minute folds minute 61 into the row minute 0 had
        record(r, START + 62 * MINUTE, 50, "heuristics");
        TrafficSnapshot next = stats.snapshot(START + 62 * MINUTE);
        assertEquals(2, next.lastHour().requests());
        assertEquals(5, stats.scoresSinceStart().get("heuristics")[50]);
    }

    @Test
    void shouldStartTheTopListsOverAtEveryExchangeAfterAPause() {
        LoopRecorder r = stats.newRecorder();
        SyntheticRequest busy = new SyntheticRequest().clientAddress(dev.bliss.plugin.IpAddress.of("192.0.2.1"));
        SyntheticRequest quiet = new SyntheticRequest().clientAddress(dev.bliss.plugin.IpAddress.of("192.0.2.2"));
        Fields f = x.scheme.newTable();
        for (int i = 0; i < 100_000; i++) {
            r.record(busy, f, x.completion.at(START + i * 10_000L)); // 100,000 in one second
        }
        for (int i = 0; i < 7; i++) {
            r.record(quiet, f, x.completion.at(START + 3 * SECOND + i)); // two idle seconds later
        }
        long quietCount = stats.snapshot(START + 3 * SECOND).recentClients().stream()
                .filter(c -> c.value().equals("192.0.2.2")).mapToLong(TrafficSnapshot.Count::count).sum();
        assertEquals(7, quietCount, "after a pause the first exchanges are each looked at, with weight 1");
    }

    @Test
    void shouldGiveMinuteAndHourTotalsEqualToTheSumOfTheirSeconds() {
        LoopRecorder a = stats.newRecorder();
        LoopRecorder b = stats.newRecorder();
        String[] sources = {"machine_learning", "heuristics", "verified_bot"};
        java.util.Random random = new java.util.Random(17);
        int seconds = 80 * 60; // 80 minutes, some of them idle
        PerSecond expected = new PerSecond(seconds, sources.length);
        for (int sec = 0; sec < seconds + 120; sec++) {
            int n = sec >= seconds || (sec / 60) % 7 == 3 ? 0 : random.nextInt(6); // every seventh minute idle
            for (int i = 0; i < n; i++) {
                LoopRecorder loop = random.nextBoolean() ? a : b;
                long end = START + sec * SECOND + random.nextInt(1_000_000_000);
                if (random.nextInt(10) == 0) {
                    loop.record(request, x.scheme.newTable(), x.completion.at(end));
                    expected.add(sec, -1, 0);
                    continue;
                }
                int source = random.nextInt(sources.length);
                int score = random.nextInt(ScoreCounts.SCORES); // 0: not computed
                record(loop, end, score, sources[source]);
                expected.add(sec, source, score);
            }
            if (sec % 10 == 0 || sec % 60 == 59) { // a reader now and then, at the second's middle
                TrafficSnapshot s = stats.snapshot(START + sec * SECOND + SECOND / 2);
                String when = "at second " + sec;
                assertArrayEquals(expected.window(sec - 59, sec), totals(s.lastMinute()), when + ", last minute");
                assertArrayEquals(expected.window((sec / 60 - 59) * 60, sec), totals(s.lastHour()), when + ", last hour");
                assertArrayEquals(expected.requestsPerSecond(sec), s.requestsPerSecond(), when);
                for (TrafficSnapshot.SourceHistogram h : s.lastHour().sources()) {
                    int source = List.of(sources).indexOf(h.source());
                    assertArrayEquals(expected.cells(source, (sec / 60 - 59) * 60, sec), h.counts(), when + ", " + h.source());
                }
            }
        }
        for (int source = 0; source < sources.length; source++) {
            assertArrayEquals(expected.cells(source, 0, seconds), stats.scoresSinceStart().get(sources[source]), sources[source]);
        }
    }

    private static long[] totals(TrafficSnapshot.Window w) {
        return new long[] {w.requests(), w.scored(), w.lowScore()};
    }

    /** What the test recorded, second by second: the model the readers' windows must equal. */
    private static final class PerSecond {

        final long[][] totals; // per second: requests, scored, low
        final long[][][] cells; // per second and source: requests by score

        PerSecond(int seconds, int sources) {
            totals = new long[seconds + 200][3];
            cells = new long[seconds + 200][sources][ScoreCounts.SCORES];
        }

        /** @param source -1: not scored */
        void add(int second, int source, int score) {
            totals[second][0]++;
            if (source >= 0) {
                totals[second][1] += score > 0 ? 1 : 0;
                totals[second][2] += score > 0 && score < LoopRecorder.LOW_SCORE ? 1 : 0;
                cells[second][source][score]++;
            }
        }

        long[] window(int from, int to) {
            long[] sum = new long[3];
            for (int sec = Math.max(0, from); sec <= to; sec++) {
                for (int k = 0; k < 3; k++) {
                    sum[k] += totals[sec][k];
                }
            }
            return sum;
        }

        long[] cells(int source, int from, int to) {
            long[] sum = new long[ScoreCounts.SCORES];
            for (int sec = Math.max(0, from); sec <= to; sec++) {
                for (int score = 0; score < ScoreCounts.SCORES; score++) {
                    sum[score] += cells[sec][source][score];
                }
            }
            return sum;
        }

        /** The 60 complete seconds before {@code now}'s, oldest first. */
        long[] requestsPerSecond(int now) {
            long[] series = new long[60];
            for (int age = 1; age <= 60 && now - age >= 0; age++) {
                series[60 - age] = totals[now - age][0];
            }
            return series;
        }
    }

    /**
     * A reader on another thread while the loop records and rolls seconds and minutes: every
     * read counts at least what was recorded before it began and at most what was recorded by
     * its end, so no second is counted both folded and current, and none is lost to a reset.
     */
    @Test
    void shouldNeverCountAnExchangeTwiceOrLoseOneWhileAReaderRacesTheWriter() throws InterruptedException {
        LoopRecorder r = stats.newRecorder();
        int perSecond = 20_000; // a roll every few hundred microseconds of real time
        int exchanges = 3_000_000; // 150 simulated seconds with a jump of minutes every 40
        java.util.concurrent.atomic.AtomicLong recorded = new java.util.concurrent.atomic.AtomicLong();
        java.util.concurrent.atomic.AtomicReference<Throwable> failure = new java.util.concurrent.atomic.AtomicReference<>();
        Thread writer = new Thread(() -> {
            try {
                Fields f = x.scheme.newTable();
                Symbol ml = ScoreSource.MACHINE_LEARNING.symbol();
                long end = START;
                for (int i = 0; i < exchanges; i++) {
                    end += SECOND / perSecond;
                    if (i % (40 * perSecond) == 0) {
                        end += 3 * MINUTE; // idle for minutes
                    }
                    r.scored(ml, 12);
                    r.record(request, f, x.completion.at(end));
                    recorded.setRelease(i + 1);
                }
            } catch (Throwable e) {
                failure.set(e);
            }
        }, "racing-writer");
        long now = START + 59 * MINUTE; // every exchange is in this hour
        writer.start();
        int reads = 0;
        long deadline = System.nanoTime() + 60 * SECOND;
        while (writer.isAlive() && reads < 20_000 && System.nanoTime() < deadline) {
            long before = recorded.getAcquire();
            TrafficSnapshot s = stats.snapshot(now);
            long[] sinceStart = stats.scoresSinceStart().getOrDefault("machine_learning", new long[ScoreCounts.SCORES]);
            java.lang.invoke.VarHandle.acquireFence();
            long after = recorded.getAcquire();
            long hour = s.lastHour().requests();
            // the writer stores a count before it says so: one exchange may be counted and not yet told
            assertTrue(hour >= before && hour <= after + 1, before + " <= " + hour + " <= " + after + " + 1 (read " + reads + ")");
            assertEquals(hour, s.lastHour().lowScore(), "every exchange was a low score");
            assertTrue(sinceStart[12] >= before && sinceStart[12] <= after + 1, before + " <= since start " + sinceStart[12] + " <= " + after + " + 1");
            reads++;
        }
        writer.join(60_000);
        assertFalse(writer.isAlive(), "the writer finished");
        if (failure.get() != null) {
            throw new AssertionError(failure.get());
        }
        assertTrue(reads > 10, "the reader raced the writer " + reads + " times");
        assertEquals(exchanges, stats.snapshot(now).lastHour().requests());
        assertEquals(exchanges, stats.scoresSinceStart().get("machine_learning")[12]);
    }

    @Test
    void shouldCountDetectionIdsAndTheFingerprintsAndAgentsOfLowScoresOnly() {
        LoopRecorder r = stats.newRecorder();
        for (int i = 0; i < 5; i++) {
            Fields f = x.scheme.newTable();
            f.set(x.ja4, i < 3 ? "t13d1516h2_8daaf6152771_e5627efa2ab1" : "t13d0000h2_000000000000_000000000000");
            r.scored(ScoreSource.MACHINE_LEARNING.symbol(), i < 3 ? 2 : 90);
            r.detected(7);
            r.detected(i == 0 ? 5000 : 7);
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
