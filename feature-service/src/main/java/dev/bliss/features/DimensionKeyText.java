package dev.bliss.features;

import dev.bliss.plugin.IpAddress;
import dev.bliss.store.schema.DimensionKeys;
import dev.bliss.store.schema.SchemaDimension;

/**
 * The key of a dimension's attribute written as text, computed with the same
 * {@link DimensionKeys} functions the proxy's plugin uses, so {@code bliss features show ip
 * 203.0.113.7} and an imported line find what the plugin looks up.
 *
 * <pre>
 *   client_ip, client_ip_prefix   an IPv4 or IPv6 address (any address of the network, for a prefix)
 *   user_agent, header            the value, exactly
 *   ja3                           32 hex digits
 *   ja4                           a_b_c, as the plugin receives it
 *   header_order                  the header names in order, comma-separated (case-insensitive)
 * </pre>
 */
public final class DimensionKeyText {

    private DimensionKeyText() {
    }

    /**
     * The key of {@code text} in {@code dimension}.
     *
     * @throws IllegalArgumentException when the text is not a value of that dimension's kind
     */
    public static long key(SchemaDimension dimension, String text) {
        return switch (dimension.source()) {
            case CLIENT_IP -> {
                IpAddress ip = address(dimension, text);
                yield DimensionKeys.clientIp(ip.high(), ip.low());
            }
            case CLIENT_IP_PREFIX -> {
                IpAddress ip = address(dimension, text);
                yield DimensionKeys.clientIpPrefix(ip.high(), ip.low());
            }
            case USER_AGENT, HEADER -> DimensionKeys.text(text);
            case JA3 -> nonZero(dimension, DimensionKeys.ja3(text.trim()), "32 hex digits");
            case JA4 -> nonZero(dimension, DimensionKeys.ja4(text.trim()), "a JA4 fingerprint a_b_c");
            case HEADER_ORDER -> {
                long key = DimensionKeys.headerOrderSeed();
                for (String name : text.split(",")) {
                    String n = name.trim();
                    if (n.isEmpty()) {
                        throw new IllegalArgumentException(dimension.name() + ": empty header name in \"" + text + '"');
                    }
                    key = DimensionKeys.headerOrderStep(key, n);
                }
                yield key;
            }
        };
    }

    private static IpAddress address(SchemaDimension dimension, String text) {
        IpAddress ip = new IpAddress();
        if (!ip.parse(text.trim())) {
            throw new IllegalArgumentException(dimension.name() + ": not an IP address: \"" + text + '"');
        }
        return ip;
    }

    private static long nonZero(SchemaDimension dimension, long key, String expected) {
        if (key == 0) {
            throw new IllegalArgumentException(dimension.name() + ": expected " + expected);
        }
        return key;
    }
}
