package dev.bliss.proxy.forward;

import dev.bliss.plugin.IpAddress;

/**
 * An IP network such as {@code 10.0.0.0/8} or {@code 2001:db8::/32}, held as a 128-bit
 * IPv4-mapped prefix so one test serves both families. Immutable.
 */
public record CidrBlock(long high, long low, int bits) {

    /** Parses {@code address/bits}, or a bare address as a single host. */
    public static CidrBlock parse(String text) {
        int slash = text.indexOf('/');
        IpAddress a = new IpAddress();
        if (!a.parse(text, 0, slash < 0 ? text.length() : slash)) {
            throw new IllegalArgumentException("not an IP address or CIDR: " + text);
        }
        int max = a.isIpv4() ? 32 : 128;
        int bits = max;
        if (slash >= 0) {
            try {
                bits = Integer.parseInt(text.substring(slash + 1));
            } catch (NumberFormatException e) {
                throw new IllegalArgumentException("bad prefix length in " + text);
            }
            if (bits < 0 || bits > max) {
                throw new IllegalArgumentException("prefix length out of range in " + text);
            }
        }
        int bits128 = a.isIpv4() ? bits + 96 : bits;
        return new CidrBlock(a.high() & maskHigh(bits128), a.low() & maskLow(bits128), bits128);
    }

    public boolean contains(IpAddress a) {
        return (a.high() & maskHigh(bits)) == high && (a.low() & maskLow(bits)) == low;
    }

    private static long maskHigh(int bits) {
        return bits >= 64 ? -1L : bits == 0 ? 0 : -1L << (64 - bits);
    }

    private static long maskLow(int bits) {
        return bits <= 64 ? 0 : bits == 128 ? -1L : -1L << (128 - bits);
    }
}
