package dev.bliss.training.simulate.identity;

import java.util.SplittableRandom;

/**
 * An IPv4 CIDR block, to draw client addresses from.
 *
 * @param base   the network address as an unsigned 32-bit value
 * @param prefix the prefix length, 0–32
 */
public record Ipv4Block(int base, int prefix) {

    public Ipv4Block {
        if (prefix < 0 || prefix > 32) {
            throw new IllegalArgumentException("prefix length " + prefix);
        }
    }

    /** Parses {@code a.b.c.d/n}. */
    public static Ipv4Block parse(String cidr) {
        int slash = cidr.indexOf('/');
        if (slash < 0) {
            throw new IllegalArgumentException("not a CIDR: " + cidr);
        }
        String[] octets = cidr.substring(0, slash).split("\\.");
        if (octets.length != 4) {
            throw new IllegalArgumentException("not an IPv4 CIDR: " + cidr);
        }
        int base = 0;
        for (String o : octets) {
            int v = Integer.parseInt(o);
            if (v < 0 || v > 255) {
                throw new IllegalArgumentException("not an IPv4 CIDR: " + cidr);
            }
            base = base << 8 | v;
        }
        return new Ipv4Block(base, Integer.parseInt(cidr.substring(slash + 1)));
    }

    /** The /24 (or narrower) block holding {@code a.b.c.0}. */
    public static Ipv4Block slash24(int a, int b, int c) {
        return new Ipv4Block(a << 24 | b << 16 | c << 8, 24);
    }

    /** A host address of the block, avoiding .0 and .255 where the block is wide enough to. */
    public String pick(SplittableRandom random) {
        int size = prefix == 32 ? 1 : 1 << (32 - prefix);
        int offset = size <= 4 ? random.nextInt(size) : 1 + random.nextInt(size - 2);
        int addr = base + offset;
        if (size > 256 && ((addr & 0xff) == 0 || (addr & 0xff) == 255)) {
            addr = (addr & ~0xff) | 1 + random.nextInt(254);
        }
        return text(addr);
    }

    public static String text(int addr) {
        return (addr >>> 24) + "." + (addr >>> 16 & 0xff) + "." + (addr >>> 8 & 0xff) + "." + (addr & 0xff);
    }
}
