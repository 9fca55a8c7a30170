package dev.bliss.plugin;

/**
 * A mutable 128-bit IP address, reused instead of {@link java.net.InetAddress} on request paths.
 *
 * <p>IPv4 addresses are held IPv4-mapped ({@code ::ffff:a.b.c.d}), so one representation serves
 * both families and a CIDR check is two 64-bit comparisons. Parsing allocates nothing.
 * Not thread-safe.
 */
public final class IpAddress {

    private static final long V4_MAPPED_PREFIX = 0xFFFFL << 32;

    private long high;
    private long low;

    public long high() {
        return high;
    }

    public long low() {
        return low;
    }

    public IpAddress set(long high, long low) {
        this.high = high;
        this.low = low;
        return this;
    }

    public IpAddress setIpv4(int address) {
        this.high = 0;
        this.low = V4_MAPPED_PREFIX | (address & 0xFFFF_FFFFL);
        return this;
    }

    public IpAddress set(IpAddress other) {
        return set(other.high, other.low);
    }

    public boolean isIpv4() {
        return high == 0 && (low >>> 32) == 0xFFFFL;
    }

    /** The IPv4 address as an int; meaningful only when {@link #isIpv4()}. */
    public int ipv4() {
        return (int) low;
    }

    /**
     * Parses an IPv4 dotted quad or an IPv6 address (with {@code ::} compression, an embedded
     * IPv4 tail, and optional brackets) from {@code text[from, to)}.
     *
     * @return whether the text was an address; on false this object is unchanged
     */
    public boolean parse(CharSequence text, int from, int to) {
        if (to - from >= 2 && text.charAt(from) == '[' && text.charAt(to - 1) == ']') {
            from++;
            to--;
        }
        if (from >= to) {
            return false;
        }
        for (int i = from; i < to; i++) {
            if (text.charAt(i) == ':') {
                return parseV6(text, from, to);
            }
        }
        long v4 = parseV4(text, from, to);
        if (v4 < 0) {
            return false;
        }
        setIpv4((int) v4);
        return true;
    }

    public boolean parse(CharSequence text) {
        return parse(text, 0, text.length());
    }

    /** Parses or throws {@link IllegalArgumentException}; for configuration, not request paths. */
    public static IpAddress of(String text) {
        IpAddress a = new IpAddress();
        if (!a.parse(text)) {
            throw new IllegalArgumentException("not an IP address: " + text);
        }
        return a;
    }

    /** Compares as unsigned 128-bit numbers. */
    public int compareTo(long otherHigh, long otherLow) {
        int c = Long.compareUnsigned(high, otherHigh);
        return c != 0 ? c : Long.compareUnsigned(low, otherLow);
    }

    /** Appends the canonical text form (RFC 5952 for IPv6). */
    public StringBuilder appendTo(StringBuilder out) {
        if (isIpv4()) {
            int a = ipv4();
            return out.append(a >>> 24 & 0xFF).append('.').append(a >>> 16 & 0xFF).append('.')
                    .append(a >>> 8 & 0xFF).append('.').append(a & 0xFF);
        }
        int[] groups = new int[8];
        for (int i = 0; i < 4; i++) {
            groups[i] = (int) (high >>> (48 - 16 * i)) & 0xFFFF;
            groups[i + 4] = (int) (low >>> (48 - 16 * i)) & 0xFFFF;
        }
        int bestStart = -1;
        int bestLen = 1;
        for (int i = 0; i < 8; ) {
            if (groups[i] != 0) {
                i++;
                continue;
            }
            int j = i;
            while (j < 8 && groups[j] == 0) {
                j++;
            }
            if (j - i > bestLen) {
                bestStart = i;
                bestLen = j - i;
            }
            i = j;
        }
        for (int i = 0; i < 8; i++) {
            if (i == bestStart) {
                out.append("::");
                i += bestLen - 1;
                continue;
            }
            if (i > 0 && i != bestStart + bestLen) {
                out.append(':');
            }
            out.append(Integer.toHexString(groups[i]));
        }
        return out;
    }

    @Override
    public String toString() {
        return appendTo(new StringBuilder(39)).toString();
    }

    @Override
    public boolean equals(Object o) {
        return o instanceof IpAddress other && other.high == high && other.low == low;
    }

    @Override
    public int hashCode() {
        return Long.hashCode(high * 31 + low);
    }

    /** The address as an unsigned 32-bit value, or -1. */
    private static long parseV4(CharSequence s, int from, int to) {
        long result = 0;
        int parts = 0;
        int i = from;
        while (i <= to) {
            int start = i;
            int value = 0;
            while (i < to && s.charAt(i) >= '0' && s.charAt(i) <= '9') {
                value = value * 10 + (s.charAt(i) - '0');
                if (value > 255 || i - start >= 3) {
                    return -1;
                }
                i++;
            }
            if (i == start) {
                return -1;
            }
            result = result << 8 | value;
            parts++;
            if (i == to) {
                break;
            }
            if (s.charAt(i) != '.' || parts == 4) {
                return -1;
            }
            i++;
        }
        return parts == 4 ? result : -1;
    }

    private boolean parseV6(CharSequence s, int from, int to) {
        // Groups are shifted into a 128-bit register (hi:lo) as they are read; the groups after
        // "::" end up in the low bits, and the head is moved up past the gap at the end.
        long hi = 0;
        long lo = 0;
        int count = 0;
        int gap = -1;
        int i = from;
        if (to - from >= 2 && s.charAt(from) == ':' && s.charAt(from + 1) == ':') {
            gap = 0;
            i += 2;
        } else if (s.charAt(from) == ':') {
            return false;
        }
        while (i < to) {
            int start = i;
            int value = 0;
            while (i < to && Character.digit(s.charAt(i), 16) >= 0 && i - start < 4) {
                value = value << 4 | Character.digit(s.charAt(i), 16);
                i++;
            }
            if (i < to && s.charAt(i) == '.') {
                long v4 = parseV4(s, start, to);
                if (v4 < 0 || count > 6) {
                    return false;
                }
                hi = hi << 32 | lo >>> 32;
                lo = lo << 32 | v4;
                count += 2;
                break;
            }
            if (i == start || count == 8) {
                return false;
            }
            hi = hi << 16 | lo >>> 48;
            lo = lo << 16 | value;
            count++;
            if (i == to) {
                break;
            }
            if (s.charAt(i) != ':') {
                return false;
            }
            i++;
            if (i < to && s.charAt(i) == ':') {
                if (gap >= 0) {
                    return false;
                }
                gap = count;
                i++;
            } else if (i == to) {
                return false;
            }
        }
        if (gap < 0 ? count != 8 : count > 7) {
            return false;
        }
        if (gap >= 0) {
            int tailBits = 16 * (count - gap);
            int moveBits = 16 * (8 - count);
            // split the register into head (above tailBits) and tail, move the head up
            long tailHi = tailBits >= 64 ? hi & mask(tailBits - 64) : 0;
            long tailLo = tailBits >= 64 ? lo : lo & mask(tailBits);
            long headHi = tailBits >= 64 ? hi & ~mask(tailBits - 64) : hi;
            long headLo = tailBits >= 64 ? 0 : lo & ~mask(tailBits);
            if (moveBits >= 64) {
                headHi = headLo << (moveBits - 64);
                headLo = 0;
            } else if (moveBits > 0) {
                headHi = headHi << moveBits | headLo >>> (64 - moveBits);
                headLo = headLo << moveBits;
            }
            hi = headHi | tailHi;
            lo = headLo | tailLo;
        }
        set(hi, lo);
        return true;
    }

    private static long mask(int bits) {
        return bits == 0 ? 0 : bits >= 64 ? -1L : (1L << bits) - 1;
    }
}
