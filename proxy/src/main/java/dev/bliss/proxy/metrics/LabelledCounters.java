package dev.bliss.proxy.metrics;

import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CopyOnWriteArrayList;

/**
 * Counters by a label value (a route name, an upstream, a reason) that every event loop keeps
 * for itself: each loop has one {@link LoopCounters} row per value it has seen, and a scrape adds
 * the rows of all loops up by value.
 *
 * <pre>
 *   loop 1: "api" ─► LoopCounters[width] ─┐
 *   loop 1: "web" ─► LoopCounters[width] ─┤ rows ─► sum() by value, any thread, at scrape time
 *   loop 2: "api" ─► LoopCounters[width] ─┘
 * </pre>
 *
 * A value's row is made the first time a loop sees the value (one small allocation, then never
 * again), so a value that a reload drops and brings back counts on where it left off: Prometheus
 * sees one monotonic counter per value, whatever the reloads.
 */
final class LabelledCounters {

    private final int width;
    private final List<Row> rows = new CopyOnWriteArrayList<>();

    /** @param width counters per row, laid out by the caller */
    LabelledCounters(int width) {
        this.width = width;
    }

    /** The rows of one event loop; use it from that loop only. */
    Loop newLoop() {
        return new Loop();
    }

    /** Every value's counters added up across loops, in the order values were first seen; allocates. */
    Map<String, long[]> sum() {
        Map<String, long[]> out = new LinkedHashMap<>();
        for (Row r : rows) {
            long[] into = out.computeIfAbsent(r.label, k -> new long[width]);
            for (int i = 0; i < width; i++) {
                into[i] += r.counters.get(i);
            }
        }
        return out;
    }

    /** Each loop's row as it is, for what does not add up (a maximum); any thread. */
    void forEachRow(java.util.function.BiConsumer<String, LoopCounters> action) {
        for (Row r : rows) {
            action.accept(r.label, r.counters);
        }
    }

    /** One loop's row of one value. */
    private record Row(String label, LoopCounters counters) {
    }

    /** One event loop's rows by value: a map only its loop reads or writes. */
    final class Loop {

        private final Map<String, LoopCounters> byLabel = new HashMap<>();

        /** The row of {@code label}, made on first sight; no allocation afterwards. */
        LoopCounters row(String label) {
            LoopCounters c = byLabel.get(label);
            if (c == null) {
                c = new LoopCounters(width);
                byLabel.put(label, c);
                rows.add(new Row(label, c));
            }
            return c;
        }
    }
}
