package dev.bliss.proxy.stats;

import dev.bliss.plugin.field.Symbol;
import java.lang.invoke.MethodHandles;
import java.lang.invoke.VarHandle;

/**
 * The score sources one event loop has had reported ({@code machine_learning}, {@code heuristics},
 * …), each given a small index, and with it a row of the histogram, on first sight. The proxy does
 * not know the names in advance: they are the {@link Symbol}s detectors report
 * ({@link dev.bliss.plugin.ScoreTally}). Past {@link #MAX} distinct names, the rest share the last
 * index, named {@value #OTHER}.
 *
 * <p>Single writer (its event loop); names are published with a release store of the count, so
 * a reader that loads the count with acquire sees every name below it. <b>Allocation:</b> none:
 * a name is its symbol's text.
 */
final class ScoreSources {

    static final int MAX = 8;
    static final String OTHER = "other";

    private static final VarHandle COUNT;

    static {
        try {
            COUNT = MethodHandles.lookup().findVarHandle(ScoreSources.class, "count", int.class);
        } catch (ReflectiveOperationException e) {
            throw new ExceptionInInitializerError(e);
        }
    }

    private final String[] names = new String[MAX];
    @SuppressWarnings("unused") // through COUNT
    private int count;
    /** Per {@link Symbol} id, the slot where its row starts in {@link ScoreCounts}' layout; 0 until it is seen. */
    private final int[] rows = new int[Symbol.MAX];

    /**
     * Writer: the first slot of {@code source}'s row ({@link ScoreCounts#slot} of score 0), the
     * source learnt on its first report.
     */
    int row(Symbol source) {
        int row = rows[source.id()];
        return row != 0 ? row : learn(source);
    }

    /** Writer: a name not seen before takes the next index; past the last, {@value #OTHER}'s. */
    private int learn(Symbol source) {
        int n = count;
        int index = n == MAX ? MAX - 1 : n;
        if (n < MAX) {
            names[n] = n == MAX - 1 ? OTHER : source.text();
            // release: the name is written before a reader's acquire load sees the count cover it
            COUNT.setRelease(this, n + 1);
        }
        int row = ScoreCounts.slot(index, 0);
        rows[source.id()] = row;
        return row;
    }

    /** Reader: how many names there are; names below it are safe to read. */
    int size() {
        return (int) COUNT.getAcquire(this);
    }

    String name(int i) {
        return names[i];
    }
}
