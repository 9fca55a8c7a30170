package dev.bliss.proxy.forward;

import dev.bliss.plugin.IpAddress;
import java.util.List;

/**
 * The peers whose X-Forwarded-* headers are believed: load balancers and CDNs in front of bliss.
 * Immutable and thread-safe; {@link #contains} allocates nothing.
 */
public final class TrustedProxies {

    public static final TrustedProxies NONE = new TrustedProxies(List.of());

    private final CidrBlock[] blocks;

    public TrustedProxies(List<String> cidrs) {
        this.blocks = cidrs.stream().map(CidrBlock::parse).toArray(CidrBlock[]::new);
    }

    public boolean contains(IpAddress address) {
        for (CidrBlock b : blocks) {
            if (b.contains(address)) {
                return true;
            }
        }
        return false;
    }

    public boolean isEmpty() {
        return blocks.length == 0;
    }
}
