package dev.bliss.bot.heuristics;

/**
 * The built-in tests a heuristics rule can name with {@code check:} instead of listing patterns:
 * facts about the user agent's shape, or about the request, that substring patterns cannot say.
 */
public enum RuleCheck {

    /** No User-Agent header, or one that is empty or blank. */
    MISSING_USER_AGENT("missing_user_agent", false),

    /**
     * A user agent that does not start with {@code Mozilla/}. Every mainstream browser has sent
     * that token since the 1990s; libraries, tools and most bots name themselves instead.
     * Native-app HTTP stacks (CFNetwork, Dalvik) are excepted in the shipped configuration.
     */
    NO_MOZILLA_TOKEN("no_mozilla_token", false),

    /**
     * A browser-like user agent with no Accept header. Browsers send Accept on navigations and
     * on every fetch (the Fetch standard adds <code>&#42;/&#42;</code> when a script sets none); WebSocket
     * handshakes (an Upgrade header, or HTTP/2 CONNECT) are the exception and are skipped.
     */
    BROWSER_WITHOUT_ACCEPT("browser_without_accept", true),

    /**
     * A browser-like user agent over HTTP/1.0, which no current browser speaks. Disable it when
     * bliss sits behind a proxy that forwards as HTTP/1.0 (nginx does by default).
     */
    BROWSER_ON_HTTP_1_0("browser_on_http_1_0", true);

    private final String configName;
    private final boolean needsRequest;

    RuleCheck(String configName, boolean needsRequest) {
        this.configName = configName;
        this.needsRequest = needsRequest;
    }

    /** The name used in heuristics.yaml. */
    public String configName() {
        return configName;
    }

    /** Whether the check reads the request beyond its user agent. */
    public boolean needsRequest() {
        return needsRequest;
    }

    /** The check with this configuration name, or {@code null}. */
    public static RuleCheck byConfigName(String name) {
        for (RuleCheck c : values()) {
            if (c.configName.equals(name)) {
                return c;
            }
        }
        return null;
    }
}
