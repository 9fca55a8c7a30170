package dev.bliss.bot.consistency;

import dev.bliss.plugin.config.ConfigException;
import dev.bliss.plugin.config.ConfigSection;

/**
 * Detection {@value #DETECTION_ID}: one client's session cookie sent under many user agents.
 *
 * <p>A browser keeps its user agent for the life of a session: an update in the middle of one
 * changes it once, a phone's "desktop site" switch twice. A script that keeps its cookie jar while
 * it rotates user agents, so that a per-user-agent limit or fingerprint never sees enough of it,
 * shows its session under a new one every few requests, whatever TLS stack and header set it
 * copies. Only the feature store knows a cookie's user agents ({@value #USER_AGENTS}).
 *
 * <pre>
 *   session_user_agents:          (heuristics.yaml; absent: off)
 *     min_user_agents: 4          the cookie's user agents in the last hour at which it fires; 0: off
 *     max_addresses: 3            ... while it came from at most this many addresses
 * </pre>
 *
 * The second bound keeps it to one client's session: a cookie the site sets alike for everyone
 * (a consent flag, a language) is one Cookie header for thousands of visitors, so it has every
 * user agent, and every address too ({@value #ADDRESSES}). A session handed around a farm of
 * addresses is not this check's to find. The store's counts are estimates within a few hundredths
 * of the true small count (1.004 for one address), so both are compared rounded.
 *
 * <p>Immutable, shared by every event loop; {@link #fires} allocates nothing.
 */
public record SessionUserAgents(int minUserAgents, int maxAddresses) {

    /** Reported in {@code bot.detection_ids}; heuristics.yaml's rules may not use it. */
    public static final int DETECTION_ID = 303;
    /** The store feature counted against {@link #minUserAgents}: distinct user agents per Cookie header, last hour. */
    public static final String USER_AGENTS = "cookie.distinct_ua_1h";
    /** The store feature counted against {@link #maxAddresses}: distinct addresses per Cookie header, last hour. */
    public static final String ADDRESSES = "cookie.distinct_ips_1h";
    public static final SessionUserAgents OFF = new SessionUserAgents(0, 0);

    /** Reads {@code session_user_agents} of a heuristics file (absent: {@link #OFF}). */
    public static SessionUserAgents load(ConfigSection root) throws ConfigException {
        if (!root.has("session_user_agents")) {
            return OFF;
        }
        ConfigSection section = root.section("session_user_agents");
        int min = section.integer("min_user_agents", 4, 0, 1_000_000);
        if (min == 1 || min == 2) {
            throw section.error("min_user_agents", "a browser's session may change its user agent once or twice "
                    + "(an update, a desktop-site switch); use 3 or more (0 turns it off)");
        }
        int max = section.integer("max_addresses", 3, 1, 1_000_000);
        section.requireNoUnknownKeys();
        return new SessionUserAgents(min, max);
    }

    public boolean enabled() {
        return minUserAgents > 0;
    }

    /**
     * Whether a request's cookie, as the store counts it over the last hour, came under at least
     * {@link #minUserAgents} user agents from at most {@link #maxAddresses} addresses. A request
     * without a cookie reads the store's defaults (0) and never fires.
     *
     * @param userAgents the store's {@value #USER_AGENTS} for the request's Cookie header
     * @param addresses  the store's {@value #ADDRESSES} for it
     */
    public boolean fires(float userAgents, float addresses) {
        return minUserAgents > 0 && Math.round(userAgents) >= minUserAgents && Math.round(addresses) <= maxAddresses;
    }
}
