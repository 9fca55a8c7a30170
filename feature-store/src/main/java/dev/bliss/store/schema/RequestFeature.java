package dev.bliss.store.schema;

/**
 * Features of the request alone, computed by the proxy's bot-management plugin rather than the
 * feature service. They lead the model's input vector, in the order features.yaml lists them.
 */
public enum RequestFeature {
    HEADER_COUNT("header_count"),
    HAS_ACCEPT("has_accept"),
    HAS_ACCEPT_LANGUAGE("has_accept_language"),
    HAS_ACCEPT_ENCODING("has_accept_encoding"),
    HAS_COOKIE("has_cookie"),
    HAS_REFERER("has_referer"),
    /** 1.0, 1.1 or 2. */
    HTTP_VERSION("http_version"),
    /** 1 for GET or HEAD. */
    METHOD_SAFE("method_safe"),
    PATH_DEPTH("path_depth"),
    QUERY_LENGTH("query_length"),
    USER_AGENT_LENGTH("user_agent_length"),
    TLS("tls"),
    /** 1 when the user agent looks like a mainstream browser's. */
    BROWSER_LIKE_USER_AGENT("browser_like_user_agent"),
    /**
     * The consistency of the claim with the request (bot-management's ClientConsistency): 1 agrees,
     * 0 disagrees, -1 no browser claimed, 0.5 cannot tell. The JA4's stack vs the user agent's family.
     */
    TLS_AGREES("tls_agrees"),
    /** sec-ch-ua present exactly when the claimed Chromium version sends it, and matching it. */
    CLIENT_HINTS_AGREE("client_hints_agree"),
    /** Sec-Fetch-* present exactly when the claimed browser sends them, the destination fitting the path. */
    FETCH_METADATA_AGREES("fetch_metadata_agrees"),
    /** The claimed family's order of User-Agent, Accept, Accept-Encoding, Accept-Language. */
    HEADER_ORDER_AGREES("header_order_agrees"),
    /**
     * Seconds since the request's browser-challenge clearance was issued (the host's
     * {@code bot.clearance.age}); -1 without a valid clearance.
     */
    CLEARANCE_AGE("clearance_age"),
    /**
     * Where the session cookie the request carries was issued (bot-management's IssuedSessions):
     * 0 to this address, 0.5 to another of its network, 1 to another network; -1 without a session
     * cookie, or with one this proxy did not set in the last hour.
     */
    SESSION_MOVED("session_moved"),
    /**
     * Seconds, to a tenth, since the session cookie the request carries was issued (bot-management's
     * IssuedSessions); -1 as for {@link #SESSION_MOVED}. A form posted a second after its page.
     */
    SESSION_AGE("session_age");

    private final String configName;

    RequestFeature(String configName) {
        this.configName = configName;
    }

    public String configName() {
        return configName;
    }

    public static RequestFeature byConfigName(String name) {
        for (RequestFeature f : values()) {
            if (f.configName.equals(name)) {
                return f;
            }
        }
        return null;
    }
}
