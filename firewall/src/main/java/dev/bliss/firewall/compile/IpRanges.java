package dev.bliss.firewall.compile;

import java.util.ArrayList;
import java.util.List;

/**
 * A set of IP addresses as sorted, merged, inclusive 128-bit ranges (IPv4 held IPv4-mapped):
 * addresses, CIDR networks and explicit ranges alike. Membership is a binary search comparing two
 * unsigned longs per step. Immutable.
 */
public final class IpRanges {

    private final long[] firstHigh;
    private final long[] firstLow;
    private final long[] lastHigh;
    private final long[] lastLow;

    private IpRanges(long[] fh, long[] fl, long[] lh, long[] ll) {
        this.firstHigh = fh;
        this.firstLow = fl;
        this.lastHigh = lh;
        this.lastLow = ll;
    }

    /** @param ranges {firstHigh, firstLow, lastHigh, lastLow} each, first <= last */
    public static IpRanges of(List<long[]> ranges) {
        List<long[]> sorted = new ArrayList<>(ranges);
        sorted.sort((a, b) -> compare(a[0], a[1], b[0], b[1]));
        List<long[]> merged = new ArrayList<>();
        for (long[] r : sorted) {
            long[] top = merged.isEmpty() ? null : merged.getLast();
            if (top != null && (compare(r[0], r[1], top[2], top[3]) <= 0 || isSuccessor(top[2], top[3], r[0], r[1]))) {
                if (compare(r[2], r[3], top[2], top[3]) > 0) {
                    top[2] = r[2];
                    top[3] = r[3];
                }
            } else {
                merged.add(r.clone());
            }
        }
        int n = merged.size();
        long[] fh = new long[n];
        long[] fl = new long[n];
        long[] lh = new long[n];
        long[] ll = new long[n];
        for (int i = 0; i < n; i++) {
            long[] r = merged.get(i);
            fh[i] = r[0];
            fl[i] = r[1];
            lh[i] = r[2];
            ll[i] = r[3];
        }
        return new IpRanges(fh, fl, lh, ll);
    }

    private static boolean isSuccessor(long h, long l, long nh, long nl) {
        long sl = l + 1;
        long sh = sl == 0 ? h + 1 : h;
        return !(h == -1L && l == -1L) && sh == nh && sl == nl;
    }

    static int compare(long ah, long al, long bh, long bl) {
        int c = Long.compareUnsigned(ah, bh);
        return c != 0 ? c : Long.compareUnsigned(al, bl);
    }

    public int size() {
        return firstHigh.length;
    }

    public boolean contains(long high, long low) {
        int lo = 0;
        int hi = firstHigh.length - 1;
        while (lo <= hi) {
            int mid = (lo + hi) >>> 1;
            if (compare(high, low, firstHigh[mid], firstLow[mid]) < 0) {
                hi = mid - 1;
            } else if (compare(high, low, lastHigh[mid], lastLow[mid]) > 0) {
                lo = mid + 1;
            } else {
                return true;
            }
        }
        return false;
    }
}
