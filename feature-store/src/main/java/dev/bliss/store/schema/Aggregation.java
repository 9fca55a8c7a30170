package dev.bliss.store.schema;

/**
 * How the feature service aggregates a dimension key's requests over a window into one float.
 * The names are those of features.yaml.
 */
public enum Aggregation {
    COUNT("count"),
    DISTINCT_USER_AGENTS("distinct_user_agents"),
    DISTINCT_PATHS("distinct_paths"),
    DISTINCT_IPS("distinct_ips"),
    RATIO_4XX("ratio_4xx"),
    RATIO_5XX("ratio_5xx"),
    RATIO_WITH_COOKIE("ratio_with_cookie"),
    RATIO_HTTP2("ratio_http2"),
    RATIO_STATIC("ratio_static"),
    RATIO_HEURISTIC("ratio_heuristic"),
    RATIO_BROWSER_UA("ratio_browser_ua"),
    MEAN_INTERARRIVAL("mean_interarrival"),
    CV_INTERARRIVAL("cv_interarrival"),
    /**
     * Seconds between a key's consecutive page requests (not static resources): a client's pace,
     * which neither its assets nor how long the window has known it can hide.
     */
    MEAN_PAGE_INTERARRIVAL("mean_page_interarrival"),
    /** The spread of those gaps (σ/mean): scripted pacing is regular, a person's is not. */
    CV_PAGE_INTERARRIVAL("cv_page_interarrival"),
    /** Requests per distinct client address: how hard a key's clients work it, whatever the site's volume. */
    REQUESTS_PER_IP("requests_per_ip"),
    /** Requests that are not for static resources: pages and API calls, which assets cannot dilute. */
    PAGE_COUNT("page_count"),
    /** The share of requests where the user agent's claim disagreed with the request (ClientConsistency). */
    RATIO_INCONSISTENT("ratio_inconsistent"),
    /** Requests a challenge rule answered with the browser challenge (outcome issued). */
    CHALLENGES_ISSUED("challenges_issued"),
    /** Challenge solutions that verified and set a clearance (outcome solved). */
    CHALLENGES_SOLVED("challenges_solved"),
    /** Challenge solutions refused: wrong, stale or tampered (failed), or issued to another client (replayed). */
    CHALLENGES_FAILED("challenges_failed"),
    /**
     * The share of a key's numbered pages (not static resources, with a number in the path) that
     * continue its previous numbered page in order: the same template ({@code PathTemplate}) and
     * the number one more or one less. A catalogue read in order (product n, then n + 1), which
     * people following links do not do.
     */
    RATIO_SEQUENTIAL_PAGES("ratio_sequential_pages"),
    /**
     * How many of a key's numbered pages continued its previous one in order (the steps that
     * {@link #RATIO_SEQUENTIAL_PAGES} shares out): a count, so that one input says "a long walk"
     * by itself, where the share needs the page count beside it (a person's two products one
     * apart share 1.0 as well).
     */
    SEQUENTIAL_PAGES("sequential_pages"),
    RANK_BY_COUNT("rank_by_count"),
    QUANTILE_BY_COUNT("quantile_by_count");

    private final String configName;

    Aggregation(String configName) {
        this.configName = configName;
    }

    public String configName() {
        return configName;
    }

    public static Aggregation byConfigName(String name) {
        for (Aggregation a : values()) {
            if (a.configName.equals(name)) {
                return a;
            }
        }
        return null;
    }
}
