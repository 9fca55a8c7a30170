package dev.bliss.bot.keys;

import dev.bliss.plugin.HeaderName;
import dev.bliss.plugin.IpAddress;
import dev.bliss.plugin.RequestView;
import dev.bliss.bot.recent.RecentStrings;
import dev.bliss.store.schema.DimensionKeys;
import dev.bliss.store.schema.FeatureSchema;
import dev.bliss.store.schema.KeySource;
import dev.bliss.store.schema.SchemaDimension;

/**
 * The dimension keys of one request, one per schema dimension, computed with the shared
 * {@link DimensionKeys} functions so the feature service stores what this finds.
 *
 * <p>One per event loop; {@link #compute} refills the arrays in place and allocates nothing.
 * A dimension whose attribute the request lacks (no user agent, no TLS fingerprint) has no key.
 * The user agent's key, a serial chain of multiplies over its characters, is remembered for the
 * loop's recent user agents ({@link RecentStrings}): a repeated one costs a lookup.
 */
public final class RequestKeys {

    private final KeySource[] sources;
    private final HeaderName[] headers;
    private final long[] keys;
    private final boolean[] present;
    private long userAgentKey;
    private final RecentStrings recentUserAgents = new RecentStrings();
    private final long[] recentUserAgentKeys = new long[recentUserAgents.size()];

    /** @param names resolves configured header dimensions' names (the host's, see {@link HeaderName}) */
    public RequestKeys(FeatureSchema schema, java.util.function.Function<String, HeaderName> names) {
        int n = schema.dimensions().size();
        sources = new KeySource[n];
        headers = new HeaderName[n];
        for (int i = 0; i < n; i++) {
            SchemaDimension d = schema.dimensions().get(i);
            sources[i] = d.source();
            headers[i] = d.header() == null ? null : names.apply(d.header());
        }
        keys = new long[n];
        present = new boolean[n];
    }

    /**
     * @param userAgent the user agent, or null
     * @param ja3Key    the JA3 key, 0 when there is none (see {@link Fingerprints})
     * @param ja4Key    the JA4 key, 0 when there is none
     */
    public void compute(RequestView request, CharSequence userAgent, long ja3Key, long ja4Key) {
        IpAddress client = request.clientAddress();
        // hashed once here, whether or not the schema has the dimension: the request event needs it too
        userAgentKey = userAgentKey(userAgent);
        for (int i = 0; i < sources.length; i++) {
            long key = 0;
            boolean has = true;
            switch (sources[i]) {
                case CLIENT_IP -> key = DimensionKeys.clientIp(client.high(), client.low());
                case CLIENT_IP_PREFIX -> key = DimensionKeys.clientIpPrefix(client.high(), client.low());
                case USER_AGENT -> {
                    has = userAgent != null;
                    key = userAgentKey;
                }
                case JA3 -> {
                    has = ja3Key != 0;
                    key = ja3Key;
                }
                case JA4 -> {
                    has = ja4Key != 0;
                    key = ja4Key;
                }
                case HEADER_ORDER -> key = headerOrder(request);
                case HEADER -> {
                    CharSequence value = request.header(headers[i]);
                    has = value != null;
                    key = has ? DimensionKeys.text(value) : 0;
                }
            }
            keys[i] = key;
            present[i] = has;
        }
    }

    private long userAgentKey(CharSequence userAgent) {
        if (!(userAgent instanceof String text)) {
            return DimensionKeys.text(userAgent);
        }
        int slot = recentUserAgents.find(text);
        if (slot >= 0) {
            return recentUserAgentKeys[slot];
        }
        slot = -1 - slot;
        long key = DimensionKeys.text(text);
        recentUserAgents.remember(slot, text);
        recentUserAgentKeys[slot] = key;
        return key;
    }

    /** The key of dimension {@code i}; meaningful when {@link #has(int)}. */
    public long key(int i) {
        return keys[i];
    }

    /** {@link DimensionKeys#text} of the user agent of the last {@link #compute}; 0 without one. */
    public long userAgentKey() {
        return userAgentKey;
    }

    public boolean has(int i) {
        return present[i];
    }

    public int size() {
        return keys.length;
    }

    private static long headerOrder(RequestView request) {
        long key = DimensionKeys.headerOrderSeed();
        for (int h = 0, n = request.headerCount(); h < n; h++) {
            key = DimensionKeys.headerOrderStep(key, request.headerName(h));
        }
        return key;
    }
}
