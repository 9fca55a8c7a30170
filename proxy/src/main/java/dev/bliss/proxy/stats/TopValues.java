package dev.bliss.proxy.stats;

import java.lang.invoke.MethodHandles;
import java.lang.invoke.VarHandle;
import java.util.Map;

/**
 * The most frequent values of one kind (JA4 fingerprints, user agents) that one event loop saw,
 * in a fixed table: the Space-Saving algorithm of Metwally, Agrawal and El Abbadi. A value not
 * in a full table replaces the least counted entry and inherits its count plus one, so a value's
 * count is an upper bound, exact for values that stayed in the table, and every value more
 * frequent than 1/capacity of the stream is in it.
 *
 * <p>Values are copied into preallocated character arrays, truncated to {@link #MAX_CHARS}.
 *
 * <p><b>Single writer</b> (its event loop); <b>readers</b> on any thread copy entries under a
 * sequence lock per entry: the writer makes the entry's version odd, rewrites it, makes it even;
 * a reader keeps a copy only if it saw the same even version before and after. Counts of an
 * entry that is not being replaced are opaque stores, readable whole at any time.
 *
 * <p>A value may be added with a weight: the exchanges a sample stands for ({@link
 * TopListSampler}); Space-Saving keeps its bounds with weighted counts.
 *
 * <p><b>Allocation:</b> none after construction; lookup is a scan of the table's hashes, which
 * costs a few tens of nanoseconds for the small capacities used here, paid only for samples.
 */
final class TopValues {

    static final int MAX_CHARS = 128;

    private static final VarHandle INT = MethodHandles.arrayElementVarHandle(int[].class);
    private static final VarHandle LONG = MethodHandles.arrayElementVarHandle(long[].class);

    private final long[] hashes;
    private final long[] counts;
    private final int[] lengths;
    private final int[] versions;
    private final char[][] chars;
    private int size;

    TopValues(int capacity) {
        hashes = new long[capacity];
        counts = new long[capacity];
        lengths = new int[capacity];
        versions = new int[capacity];
        chars = new char[capacity][MAX_CHARS];
    }

    /** Writer: counts {@code weight} occurrences of {@code value} (a sample standing for them). */
    void add(CharSequence value, int weight) {
        int length = Math.min(value.length(), MAX_CHARS);
        long h = 0xcbf29ce484222325L;
        for (int i = 0; i < length; i++) {
            h = (h ^ value.charAt(i)) * 0x100000001b3L;
        }
        int slot = find(h);
        if (slot >= 0) {
            LONG.setOpaque(counts, slot, counts[slot] + weight);
            return;
        }
        slot = claim();
        char[] into = chars[slot];
        for (int i = 0; i < length; i++) {
            into[i] = value.charAt(i);
        }
        publish(slot, h, length, weight);
    }

    /** Writer: counts {@code weight} occurrences of the bytes {@code value[0, length)}, read as Latin-1. */
    void add(byte[] value, int length, int weight) {
        length = Math.min(length, MAX_CHARS);
        long h = 0xcbf29ce484222325L;
        for (int i = 0; i < length; i++) {
            h = (h ^ (value[i] & 0xff)) * 0x100000001b3L;
        }
        int slot = find(h);
        if (slot >= 0) {
            LONG.setOpaque(counts, slot, counts[slot] + weight);
            return;
        }
        slot = claim();
        char[] into = chars[slot];
        for (int i = 0; i < length; i++) {
            into[i] = (char) (value[i] & 0xff);
        }
        publish(slot, h, length, weight);
    }

    /**
     * Writer: counts {@code weight} occurrences of the address {@code ip}, keyed by its bits; its text (dotted
     * quad, or eight hexadecimal groups) is written only when it takes an entry.
     */
    void add(dev.bliss.plugin.IpAddress ip, int weight) {
        long h = (ip.high() * 0x9E3779B97F4A7C15L) ^ (ip.low() * 0xC2B2AE3D27D4EB4FL);
        h ^= h >>> 29;
        int slot = find(h);
        if (slot >= 0) {
            LONG.setOpaque(counts, slot, counts[slot] + weight);
            return;
        }
        slot = claim();
        publish(slot, h, format(ip, chars[slot]), weight);
    }

    /** Writer: empties the table (its readers then skip every entry until it fills again). */
    void clear() {
        for (int i = 0; i < size; i++) {
            INT.setOpaque(versions, i, versions[i] + 1);
            VarHandle.storeStoreFence();
            hashes[i] = 0;
            counts[i] = 0;
            lengths[i] = 0;
            INT.setRelease(versions, i, versions[i] + 1);
        }
        size = 0;
    }

    private static int format(dev.bliss.plugin.IpAddress ip, char[] into) {
        int n = 0;
        if (ip.isIpv4()) {
            int a = ip.ipv4();
            for (int shift = 24; shift >= 0; shift -= 8) {
                n = decimal((a >>> shift) & 0xff, into, n);
                if (shift > 0) {
                    into[n++] = '.';
                }
            }
            return n;
        }
        for (int g = 0; g < 8; g++) {
            int group = (int) ((g < 4 ? ip.high() : ip.low()) >>> (48 - 16 * (g & 3))) & 0xffff;
            boolean leading = true;
            for (int shift = 12; shift >= 0; shift -= 4) {
                int d = (group >>> shift) & 0xf;
                if (d != 0 || !leading || shift == 0) {
                    into[n++] = Character.forDigit(d, 16);
                    leading = false;
                }
            }
            if (g < 7) {
                into[n++] = ':';
            }
        }
        return n;
    }

    private static int decimal(int v, char[] into, int n) {
        if (v >= 100) {
            into[n++] = (char) ('0' + v / 100);
        }
        if (v >= 10) {
            into[n++] = (char) ('0' + v / 10 % 10);
        }
        into[n++] = (char) ('0' + v % 10);
        return n;
    }

    private int find(long hash) {
        for (int i = 0; i < size; i++) {
            if (hashes[i] == hash) {
                return i;
            }
        }
        return -1;
    }

    /** A free entry, or the least counted one, made odd (being rewritten) before its chars change. */
    private int claim() {
        int slot;
        long inherited;
        if (size < hashes.length) {
            slot = size++;
            inherited = 0;
        } else {
            slot = 0;
            for (int i = 1; i < size; i++) {
                if (counts[i] < counts[slot]) {
                    slot = i;
                }
            }
            inherited = counts[slot];
        }
        INT.setOpaque(versions, slot, versions[slot] + 1);
        // the odd version is ordered before the entry's new contents (pairs with the reader's acquireFence)
        VarHandle.storeStoreFence();
        counts[slot] = inherited;
        return slot;
    }

    private void publish(int slot, long hash, int length, int weight) {
        LONG.setOpaque(hashes, slot, hash);
        INT.setOpaque(lengths, slot, length);
        LONG.setOpaque(counts, slot, counts[slot] + weight);
        // release: the contents happen-before a reader's acquire load of the even version
        INT.setRelease(versions, slot, versions[slot] + 1);
    }

    /** Reader: adds every consistent entry's count to {@code into} under its value. */
    void addInto(Map<String, Long> into) {
        // every entry, unused ones included: an entry is in use once its version is non-zero
        for (int i = 0; i < hashes.length; i++) {
            for (int attempt = 0; attempt < 3; attempt++) {
                int before = (int) INT.getAcquire(versions, i);
                if ((before & 1) != 0) {
                    continue;
                }
                int length = (int) INT.getOpaque(lengths, i);
                long count = (long) LONG.getOpaque(counts, i);
                String value = new String(chars[i], 0, Math.min(length, MAX_CHARS));
                // the copy is ordered before the second version load (pairs with the writer's storeStoreFence)
                VarHandle.acquireFence();
                if ((int) INT.getOpaque(versions, i) == before) {
                    if (before != 0 && count > 0) {
                        into.merge(value, count, Long::sum);
                    }
                    break;
                }
            }
        }
    }
}
