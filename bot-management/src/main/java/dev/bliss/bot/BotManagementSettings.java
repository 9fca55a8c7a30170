package dev.bliss.bot;

import dev.bliss.bot.detectionlog.DetectionLogSettings;
import dev.bliss.bot.session.SessionCookies;
import dev.bliss.plugin.config.ConfigException;
import dev.bliss.plugin.config.ConfigSection;
import dev.bliss.store.StorePaths;
import dev.bliss.store.events.RequestEventLayout;
import java.nio.file.Path;
import java.time.Duration;

/**
 * The plugin's own configuration section ({@code plugins[].config} in bliss.yaml). File paths are
 * relative to bliss.yaml's directory.
 *
 * <pre>
 *   features: features.yaml            the feature schema shared with the feature service
 *   heuristics: heuristics.yaml        user-agent and header heuristics, static resources
 *   verified_bots: verified-bots.yaml  verified bots by user agent and published networks
 *   models: models.yaml                CatBoost models (primary, shadows)
 *   store: /dev/shm/bliss/features     the feature store's path prefix
 *   events_ring: &lt;store dir&gt;/events     request events for the feature service; "" = none
 *   max_feature_age: 5m                older snapshots count as unavailable
 *   score_header: x-bot-score          the score sent to the origin
 *   verified_header: ""                e.g. x-bot-verified; empty: not sent
 *   ja4_header: ""                     e.g. x-ja4; empty: not sent
 *   fingerprint_headers:               JA3/JA4 computed by a TLS-terminating balancer in front,
 *     ja3: ""                          believed only from trusted_proxies peers
 *     ja4: ""
 *   event_time_header: ""              e.g. x-event-time: when a trusted peer sends it (epoch ms), the
 *                                      request's time for windows, feature age and the detection log
 *                                      (a simulator or a log replay in event time); else the clock
 *   session_cookies: [sid, ...]        the site's session cookie names (SessionCookies), for the
 *                                      session_moved feature; absent: the common frameworks' names
 *   detection_log:                     one JSON line per sampled request (see DetectionLogSettings)
 *     path: ""                         empty or absent: off
 * </pre>
 */
record BotManagementSettings(Path features, Path heuristics, Path verifiedBots, Path models, Path store,
                             Path eventsRing, Duration maxFeatureAge, String scoreHeader, String verifiedHeader, String ja4Header,
                             String ja3FingerprintHeader, String ja4FingerprintHeader, String eventTimeHeader,
                             SessionCookies sessionCookies, DetectionLogSettings detectionLog) {

    static BotManagementSettings read(ConfigSection c, Path base) throws ConfigException {
        Path features = base.resolve(c.string("features", "features.yaml"));
        Path heuristics = base.resolve(c.string("heuristics", "heuristics.yaml"));
        Path verified = base.resolve(c.string("verified_bots", "verified-bots.yaml"));
        Path models = base.resolve(c.string("models", "models.yaml"));
        String storeText = c.string("store", null);
        Path store = storeText == null ? StorePaths.defaultPrefix() : base.resolve(storeText);
        String ringText = c.string("events_ring", null);
        Path eventsRing = ringText == null ? RequestEventLayout.ringFile(store)
                : ringText.isBlank() ? null : base.resolve(ringText);
        Duration maxAge = c.duration("max_feature_age", Duration.ofMinutes(5));
        String scoreHeader = header(c, "score_header", "x-bot-score");
        if (scoreHeader.isEmpty()) {
            throw c.error("score_header", "the score header needs a name");
        }
        String verifiedHeader = header(c, "verified_header", "");
        String ja4Header = header(c, "ja4_header", "");
        ConfigSection fp = c.section("fingerprint_headers");
        String ja3From = header(fp, "ja3", "");
        String ja4From = header(fp, "ja4", "");
        fp.requireNoUnknownKeys();
        String eventTimeHeader = header(c, "event_time_header", "");
        SessionCookies sessionCookies = SessionCookies.read(c);
        DetectionLogSettings detectionLog = DetectionLogSettings.read(c.section("detection_log"), base);
        return new BotManagementSettings(features, heuristics, verified, models, store, eventsRing, maxAge, scoreHeader,
                verifiedHeader, ja4Header, ja3From, ja4From, eventTimeHeader, sessionCookies, detectionLog);
    }

    private static String header(ConfigSection c, String key, String def) throws ConfigException {
        String name = c.string(key, def).trim().toLowerCase(java.util.Locale.ROOT);
        for (int i = 0; i < name.length(); i++) {
            char ch = name.charAt(i);
            if (!(ch >= 'a' && ch <= 'z' || ch >= '0' && ch <= '9' || ch == '-' || ch == '_')) {
                throw c.error(key, "not a header name: \"" + name + '"');
            }
        }
        return name;
    }
}
