package dev.bliss.proxy.stats;

import dev.bliss.plugin.field.Symbol;
import java.lang.invoke.MethodHandles;
import java.lang.invoke.VarHandle;
import java.nio.ByteOrder;
import java.nio.charset.StandardCharsets;

/**
 * The score sources one event loop has seen ({@code machine_learning}, {@code heuristics}, …),
 * each given a small index for the histogram's layout on first sight. The proxy does not know
 * the names in advance: they are whatever the detector writes into {@code bot.score_source}. A
 * name set from a {@link Symbol} is looked up by the symbol's id once its bytes have been seen.
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
    /** Eight bytes of a byte[] as one long, at any offset (the order only has to be the same). */
    private static final VarHandle WORD = MethodHandles.byteArrayViewVarHandle(long[].class, ByteOrder.LITTLE_ENDIAN);

    static {
        try {
            COUNT = MethodHandles.lookup().findVarHandle(ScoreSources.class, "count", int.class);
        } catch (ReflectiveOperationException e) {
            throw new ExceptionInInitializerError(e);
        }
    }

    private final byte[][] bytes = new byte[MAX][];
    private final String[] names = new String[MAX];
    /** Per name of 8 to 16 bytes: its length, its first eight bytes and its last eight; else -1. */
    private final int[] wordLengths = new int[MAX];
    private final long[] heads = new long[MAX];
    private final long[] tails = new long[MAX];
    @SuppressWarnings("unused") // through COUNT
    private int count;
    /** The last name of 8 to 16 bytes looked up (its length, -1 before the first; its words) and its index. */
    private int lastLength = -1;
    private long lastHead;
    private long lastTail;
    private int lastIndex;
    /** Per {@link Symbol} id, the index of the name it spells plus one; 0 until it is seen. */
    private final byte[] symbolIndexes = new byte[Symbol.MAX];

    /**
     * Writer: the index of the source set from the symbol {@code id} ({@code Fields.symbol}), or
     * -1 when {@code id} is -1 (set from bytes) or not yet {@linkplain #learnSymbol learnt}.
     */
    int indexOfSymbol(int id) {
        return id >= 0 ? symbolIndexes[id] - 1 : -1;
    }

    /** Writer: symbol {@code id} spells the name at {@code index}; nothing when {@code id} is -1. */
    void learnSymbol(int id, int index) {
        if (id >= 0) {
            symbolIndexes[id] = (byte) (index + 1);
        }
    }

    /**
     * Writer: the index of the source {@code value[0, length)}. A name of 8 to 16 bytes (every
     * name bot management writes) is told by two words: its first and its last eight bytes,
     * which overlap and so cover it whole. It is compared with the last name found first (a
     * loop's exchanges mostly come from one source in a row), then with the others; other
     * lengths by their bytes.
     */
    int indexOf(byte[] value, int length) {
        if (length < Long.BYTES || length > 2 * Long.BYTES) {
            return indexOfBytes(value, length);
        }
        long head = (long) WORD.get(value, 0);
        long tail = (long) WORD.get(value, length - Long.BYTES);
        if (head == lastHead && tail == lastTail && length == lastLength) {
            return lastIndex;
        }
        int i = indexOfWords(value, length, head, tail);
        lastHead = head;
        lastTail = tail;
        lastLength = length;
        lastIndex = i;
        return i;
    }

    private int indexOfWords(byte[] value, int length, long head, long tail) {
        int n = count;
        for (int i = 0; i < n; i++) {
            if (wordLengths[i] == length && heads[i] == head && tails[i] == tail) {
                return i;
            }
        }
        return n == MAX ? MAX - 1 : learn(value, length, n);
    }

    private int indexOfBytes(byte[] value, int length) {
        int n = count;
        for (int i = 0; i < n; i++) {
            if (equal(bytes[i], value, length)) {
                return i;
            }
        }
        return n == MAX ? MAX - 1 : learn(value, length, n);
    }

    /** Writer: a name not seen before takes index {@code n}; the last index is {@value #OTHER}. */
    private int learn(byte[] value, int length, int n) {
        if (n == MAX - 1) {
            wordLengths[n] = -1; // matches no value: unknown names fall through to it
            names[n] = OTHER;
        } else {
            byte[] copy = java.util.Arrays.copyOf(value, length);
            bytes[n] = copy;
            names[n] = new String(copy, StandardCharsets.ISO_8859_1);
            boolean words = length >= Long.BYTES && length <= 2 * Long.BYTES;
            wordLengths[n] = words ? length : -1;
            heads[n] = words ? (long) WORD.get(value, 0) : 0;
            tails[n] = words ? (long) WORD.get(value, length - Long.BYTES) : 0;
        }
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
        return known != null && known.length == length && java.util.Arrays.equals(known, 0, length, value, 0, length);
    }
}
