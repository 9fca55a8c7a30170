package dev.bliss.bot.verified;

import dev.bliss.plugin.IpAddress;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;

/**
 * A set of IP addresses as sorted, merged, non-adjacent 128-bit ranges; IPv4 is held
 * IPv4-mapped, as {@link IpAddress} holds it, so one set serves both families.
 *
 * <pre>
 *   bounds  long[4 * size]   range i: startHigh, startLow, endHigh, endLow (inclusive),
 *                            ascending by start, no two ranges overlapping or touching
 * </pre>
 *
 * <p>{@link #contains} is a binary search for the last range starting at or below the address:
 * about log2(size) steps (9 for Googlebot's ~300 published prefixes, fewer once merged).
 * Immutable and shared; lookups allocate nothing.
 */
public final class IpRanges {

    private static final int STRIDE = 4;

    private final long[] bounds;
    private final int size;

    private IpRanges(long[] bounds) {
        this.bounds = bounds;
        this.size = bounds.length / STRIDE;
    }

    /** Whether the address is in one of the ranges. Allocation-free. */
    public boolean contains(IpAddress address) {
        return contains(address.high(), address.low());
    }

    /** Whether the 128-bit address {@code high:low} is in one of the ranges. */
    public boolean contains(long high, long low) {
        int lo = 0;
        int hi = size - 1;
        int candidate = -1;
        while (lo <= hi) {
            int mid = (lo + hi) >>> 1;
            int at = mid * STRIDE;
            if (compare(bounds[at], bounds[at + 1], high, low) <= 0) {
                candidate = mid;
                lo = mid + 1;
            } else {
                hi = mid - 1;
            }
        }
        if (candidate < 0) {
            return false;
        }
        int at = candidate * STRIDE;
        return compare(high, low, bounds[at + 2], bounds[at + 3]) <= 0;
    }

    /** The number of ranges after merging. */
    public int size() {
        return size;
    }

    @Override
    public String toString() {
        return "IpRanges[" + size + " ranges]";
    }

    private static int compare(long aHigh, long aLow, long bHigh, long bLow) {
        int c = Long.compareUnsigned(aHigh, bHigh);
        return c != 0 ? c : Long.compareUnsigned(aLow, bLow);
    }

    /** A parsed CIDR prefix: the first address and the prefix length in 128-bit terms. */
    public record Cidr(long high, long low, int prefixBits, boolean ipv4) {

        /**
         * Parses {@code a.b.c.d/n} (n ≤ 32), an IPv6 {@code x::/n} (n ≤ 128), or a bare address
         * (a single host). Startup only.
         *
         * @throws IllegalArgumentException with a reason for the operator: not an address, a
         *     prefix length out of range, or host bits set below the prefix
         */
        public static Cidr parse(String text) {
            int slash = text.indexOf('/');
            String addressText = slash < 0 ? text : text.substring(0, slash);
            IpAddress address = new IpAddress();
            if (!address.parse(addressText)) {
                throw new IllegalArgumentException("\"" + addressText + "\" is not an IP address");
            }
            boolean ipv4 = addressText.indexOf(':') < 0;
            int max = ipv4 ? 32 : 128;
            int length = max;
            if (slash >= 0) {
                String lengthText = text.substring(slash + 1);
                if (lengthText.isEmpty() || lengthText.length() > 3 || !lengthText.chars().allMatch(Character::isDigit)) {
                    throw new IllegalArgumentException("\"" + lengthText + "\" is not a prefix length");
                }
                length = Integer.parseInt(lengthText);
                if (length > max) {
                    throw new IllegalArgumentException("prefix length " + length + " is more than " + max);
                }
            }
            int bits = ipv4 ? 96 + length : length;
            long maskHigh = maskHigh(bits);
            long maskLow = maskLow(bits);
            if ((address.high() & ~maskHigh) != 0 || (address.low() & ~maskLow) != 0) {
                IpAddress network = new IpAddress().set(address.high() & maskHigh, address.low() & maskLow);
                throw new IllegalArgumentException("host bits are set below /" + length + "; the network is "
                        + network + '/' + length);
            }
            return new Cidr(address.high(), address.low(), bits, ipv4);
        }

        /** The prefix length as written: 0–32 for IPv4, 0–128 for IPv6. */
        public int writtenLength() {
            return ipv4 ? prefixBits - 96 : prefixBits;
        }

        long lastHigh() {
            return high | ~maskHigh(prefixBits);
        }

        long lastLow() {
            return low | ~maskLow(prefixBits);
        }

        private static long maskHigh(int bits) {
            return bits >= 64 ? -1L : bits == 0 ? 0 : -1L << (64 - bits);
        }

        private static long maskLow(int bits) {
            return bits <= 64 ? 0 : -1L << (128 - bits);
        }
    }

    /** Collects prefixes, then sorts and merges them once. Startup only. */
    public static final class Builder {

        private final List<long[]> ranges = new ArrayList<>();

        public Builder add(Cidr cidr) {
            ranges.add(new long[] {cidr.high(), cidr.low(), cidr.lastHigh(), cidr.lastLow()});
            return this;
        }

        /** Adds a CIDR or a bare address; see {@link Cidr#parse}. */
        public Builder add(String cidr) {
            return add(Cidr.parse(cidr));
        }

        public IpRanges build() {
            List<long[]> sorted = new ArrayList<>(ranges);
            sorted.sort((a, b) -> compare(a[0], a[1], b[0], b[1]));
            List<long[]> merged = new ArrayList<>();
            for (long[] r : sorted) {
                long[] last = merged.isEmpty() ? null : merged.getLast();
                if (last != null && touches(last, r)) {
                    if (compare(r[2], r[3], last[2], last[3]) > 0) {
                        last[2] = r[2];
                        last[3] = r[3];
                    }
                } else {
                    merged.add(r.clone());
                }
            }
            long[] bounds = new long[merged.size() * STRIDE];
            for (int i = 0; i < merged.size(); i++) {
                System.arraycopy(merged.get(i), 0, bounds, i * STRIDE, STRIDE);
            }
            return new IpRanges(bounds);
        }

        /** Whether {@code next} (starting at or after {@code last}) overlaps or abuts it. */
        private static boolean touches(long[] last, long[] next) {
            if (last[2] == -1L && last[3] == -1L) {
                return true; // last ends at the top of the address space
            }
            long afterLow = last[3] + 1;
            long afterHigh = afterLow == 0 ? last[2] + 1 : last[2];
            return compare(next[0], next[1], afterHigh, afterLow) <= 0;
        }
    }

    /** For tests: the merged ranges as {@code [startHigh, startLow, endHigh, endLow]} rows. */
    long[][] rows() {
        long[][] out = new long[size][];
        for (int i = 0; i < size; i++) {
            out[i] = Arrays.copyOfRange(bounds, i * STRIDE, i * STRIDE + STRIDE);
        }
        return out;
    }
}
