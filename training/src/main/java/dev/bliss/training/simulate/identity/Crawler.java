package dev.bliss.training.simulate.identity;

import java.util.List;
import java.util.SplittableRandom;

/**
 * A verified crawler as the simulator plays it: the operator's documented user agent and networks
 * inside the operator's published ranges.
 */
public record Crawler(String name, double weight, List<Ipv4Block> networks, String userAgentTemplate) {

    /** An address of one of the crawler's networks. */
    public String address(SplittableRandom random) {
        return networks.get(random.nextInt(networks.size())).pick(random);
    }

    /** The user agent, with {@code chromeMajor} where the operator puts its renderer's version. */
    public String userAgent(int chromeMajor) {
        return userAgentTemplate.replace("{v}", Integer.toString(chromeMajor));
    }
}
