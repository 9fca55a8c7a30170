package dev.bliss.store.schema;

/**
 * What a dimension is keyed by: which attribute of a request becomes its u64 key
 * ({@link DimensionKeys} says how).
 */
public enum KeySource {
    /** The client address (after the proxy's trusted-proxy handling). */
    CLIENT_IP("client_ip"),
    /** The client's network: /24 for IPv4, /64 for IPv6. */
    CLIENT_IP_PREFIX("client_ip_prefix"),
    USER_AGENT("user_agent"),
    /** The JA3 hash of the TLS ClientHello (32 hex characters). */
    JA3("ja3"),
    /** The JA4 fingerprint of the TLS ClientHello ({@code a_b_c}). */
    JA4("ja4"),
    /** The sequence of request header names, in the order sent. */
    HEADER_ORDER("header_order"),
    /** The value of one configured header (a session cookie name, an API key header). */
    HEADER("header");

    private final String configName;

    KeySource(String configName) {
        this.configName = configName;
    }

    /** As written in features.yaml. */
    public String configName() {
        return configName;
    }

    /** The source called {@code name} in features.yaml, or {@code null}. */
    public static KeySource byConfigName(String name) {
        for (KeySource k : values()) {
            if (k.configName.equals(name)) {
                return k;
            }
        }
        return null;
    }
}
