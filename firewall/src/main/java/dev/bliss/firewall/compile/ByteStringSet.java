package dev.bliss.firewall.compile;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;

/**
 * A set of byte strings for {@code in {"GET" "HEAD"}} and Bytes lists: a few members are compared
 * one by one (length first), more go into an open-addressing table keyed by a hash of the bytes.
 * Lookup allocates nothing. Immutable.
 */
public final class ByteStringSet {

    /** Up to this many members, a length check rejects most candidates faster than hashing. */
    private static final int LINEAR = 8;

    private final byte[][] members;
    private final byte[][] table;
    private final int[] hashes;
    private final int mask;

    private ByteStringSet(byte[][] members) {
        this.members = members;
        if (members.length <= LINEAR) {
            table = null;
            hashes = null;
            mask = 0;
            return;
        }
        int capacity = Integer.highestOneBit(members.length * 2 - 1) << 1;
        table = new byte[capacity][];
        hashes = new int[capacity];
        mask = capacity - 1;
        for (byte[] m : members) {
            int h = hash(m, m.length);
            int i = h & mask;
            while (table[i] != null) {
                i = (i + 1) & mask;
            }
            table[i] = m;
            hashes[i] = h;
        }
    }

    public static ByteStringSet of(List<byte[]> values) {
        List<byte[]> unique = new ArrayList<>();
        for (byte[] v : values) {
            if (unique.stream().noneMatch(u -> Arrays.equals(u, v))) {
                unique.add(v.clone());
            }
        }
        return new ByteStringSet(unique.toArray(new byte[0][]));
    }

    public int size() {
        return members.length;
    }

    public boolean contains(byte[] value, int length) {
        if (table == null) {
            for (byte[] m : members) {
                if (m.length == length && Arrays.equals(m, 0, length, value, 0, length)) {
                    return true;
                }
            }
            return false;
        }
        int h = hash(value, length);
        int i = h & mask;
        while (true) {
            byte[] m = table[i];
            if (m == null) {
                return false;
            }
            if (hashes[i] == h && m.length == length && Arrays.equals(m, 0, length, value, 0, length)) {
                return true;
            }
            i = (i + 1) & mask;
        }
    }

    private static int hash(byte[] b, int length) {
        int h = 0x9E3779B9 ^ length;
        for (int i = 0; i < length; i++) {
            h = (h ^ b[i]) * 0x01000193;
        }
        return h ^ (h >>> 16);
    }
}
