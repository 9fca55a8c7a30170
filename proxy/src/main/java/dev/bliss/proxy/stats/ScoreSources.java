package dev.bliss.proxy.stats;

import java.lang.invoke.MethodHandles;
import java.lang.invoke.VarHandle;
import java.nio.charset.StandardCharsets;

/**
 * The score sources one event loop has seen ({@code machine_learning}, {@code heuristics}, …),
 * each given a small index for the histogram's layout on first sight. The proxy does not know
 * the names in advance: they are whatever the detector writes into {@code bot.score_source}.
 * Past {@link #MAX} distinct names, the rest share the last index, named {@value #OTHER}.
 *
 * <p>Single writer (its event loop); names are published with a release store of the count, so
 * a reader that loads the count with acquire sees every name below it. <b>Allocation:</b> one
 * String per distinct name, the first time it is seen; none in steady state.
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

    private final byte[][] bytes = new byte[MAX][];
    private final String[] names = new String[MAX];
    @SuppressWarnings("unused") // through COUNT
    private int count;

    /** Writer: the index of the source {@code value[0, length)}. */
    int indexOf(byte[] value, int length) {
        int n = count;
        for (int i = 0; i < n; i++) {
            if (equal(bytes[i], value, length)) {
                return i;
            }
        }
        if (n == MAX - 1) {
            bytes[n] = new byte[0];
            names[n] = OTHER;
            COUNT.setRelease(this, n + 1);
            return n;
        }
        if (n == MAX) {
            return MAX - 1;
        }
        byte[] copy = java.util.Arrays.copyOf(value, length);
        bytes[n] = copy;
        names[n] = new String(copy, StandardCharsets.ISO_8859_1);
        // release: the name is written before a reader's acquire load sees the count cover it
        COUNT.setRelease(this, n + 1);
        return n;
    }

    /** Reader: how many names there are; names below it are safe to read. */
    int size() {
        return (int) COUNT.getAcquire(this);
    }

    String name(int i) {
        return names[i];
    }

    private static boolean equal(byte[] known, byte[] value, int length) {
        // the JDK's vectorised mismatch: a name of 16 bytes is two word compares
        return known.length == length && java.util.Arrays.equals(known, 0, length, value, 0, length);
    }
}
