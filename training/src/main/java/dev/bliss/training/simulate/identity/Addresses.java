package dev.bliss.training.simulate.identity;

import java.util.SplittableRandom;

/**
 * Where simulated clients' addresses come from: residential networks (people, and the residential
 * proxies credential stuffers rent), and hosting networks (scrapers and headless browsers run in
 * clouds). The first octets are public unicast ranges of the kind named, none in Google's
 * crawler networks: the only non-crawlers that claim a verified crawler (scrapers posing as
 * Googlebot) must be reported as fakes, never verified by chance.
 */
public final class Addresses {

    private static final int[] RESIDENTIAL_FIRST = {24, 31, 37, 46, 62, 71, 73, 76, 77, 78, 79, 80, 81, 82, 83, 84,
            85, 86, 87, 88, 89, 90, 91, 92, 93, 94, 95, 99, 109, 151, 174, 176, 178, 186, 187, 188, 189,
            190, 201, 212, 213, 217};
    private static final int[] HOSTING_FIRST = {5, 23, 45, 91, 103, 104, 137, 138, 139, 142, 143, 144, 146, 147,
            149, 159, 161, 164, 165, 167, 168, 170, 185, 193, 194, 195, 198, 206, 209};
    private static final String[] MOBILE_V6 = {"2a01:598", "2a02:3030", "2a00:20", "2600:1700", "2607:fb90",
            "2a02:2f0c", "2001:b07", "2a01:cb00"};

    private Addresses() {
    }

    /** A residential IPv4 address. */
    public static String residentialV4(SplittableRandom random) {
        return residentialBlock(random).pick(random);
    }

    /** A residential /24, e.g. one of the many a proxy network sells exits in. */
    public static Ipv4Block residentialBlock(SplittableRandom random) {
        int a = RESIDENTIAL_FIRST[random.nextInt(RESIDENTIAL_FIRST.length)];
        return Ipv4Block.slash24(a, random.nextInt(256), random.nextInt(256));
    }

    /** A mobile carrier's IPv6 address (a /64 per subscriber, random interface id). */
    public static String mobileV6(SplittableRandom random) {
        String prefix = MOBILE_V6[random.nextInt(MOBILE_V6.length)];
        StringBuilder sb = new StringBuilder(prefix);
        int groups = 8 - prefix.split(":").length;
        for (int i = 0; i < groups; i++) {
            sb.append(':').append(Integer.toHexString(random.nextInt(1, 0x10000)));
        }
        return sb.toString();
    }

    /** A hosting provider's /24. */
    public static Ipv4Block hostingBlock(SplittableRandom random) {
        int a = HOSTING_FIRST[random.nextInt(HOSTING_FIRST.length)];
        return Ipv4Block.slash24(a, random.nextInt(256), random.nextInt(256));
    }
}
