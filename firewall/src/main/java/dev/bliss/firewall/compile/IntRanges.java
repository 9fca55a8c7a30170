package dev.bliss.firewall.compile;

import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;

/**
 * A set of 64-bit integers as sorted, merged, inclusive ranges: {@code in {80 443 8000..8999}}.
 * Membership is a linear scan for a handful of ranges, a binary search beyond. Immutable.
 */
public final class IntRanges {

    private static final int LINEAR = 8;

    private final long[] first;
    private final long[] last;

    private IntRanges(long[] first, long[] last) {
        this.first = first;
        this.last = last;
    }

    /** @param ranges pairs {first, last} with first <= last, in any order, possibly overlapping */
    public static IntRanges of(List<long[]> ranges) {
        List<long[]> sorted = new ArrayList<>(ranges);
        sorted.sort(Comparator.comparingLong(r -> r[0]));
        List<long[]> merged = new ArrayList<>();
        for (long[] r : sorted) {
            long[] top = merged.isEmpty() ? null : merged.getLast();
            if (top != null && (r[0] <= top[1] || top[1] != Long.MAX_VALUE && r[0] == top[1] + 1)) {
                top[1] = Math.max(top[1], r[1]);
            } else {
                merged.add(new long[] {r[0], r[1]});
            }
        }
        long[] f = new long[merged.size()];
        long[] l = new long[merged.size()];
        for (int i = 0; i < f.length; i++) {
            f[i] = merged.get(i)[0];
            l[i] = merged.get(i)[1];
        }
        return new IntRanges(f, l);
    }

    public int size() {
        return first.length;
    }

    public boolean contains(long v) {
        int n = first.length;
        if (n <= LINEAR) {
            for (int i = 0; i < n; i++) {
                if (v >= first[i] && v <= last[i]) {
                    return true;
                }
            }
            return false;
        }
        int lo = 0;
        int hi = n - 1;
        while (lo <= hi) {
            int mid = (lo + hi) >>> 1;
            if (v < first[mid]) {
                hi = mid - 1;
            } else if (v > last[mid]) {
                lo = mid + 1;
            } else {
                return true;
            }
        }
        return false;
    }
}
