package dev.bliss.bot.consistency;

import dev.bliss.plugin.config.ConfigException;
import dev.bliss.plugin.config.ConfigSection;

/**
 * Detection {@value #DETECTION_ID}: a Chromium whose JA3 other addresses sent too.
 *
 * <p>Chromium orders its TLS extensions at random on every connection (since version 110), and
 * JA3 keeps their order, so a genuine Chromium's JA3 is its connection's own: two addresses
 * practically never send the same one. A client that copies Chromium's ClientHello without the
 * shuffle (an impersonation library, a fixed TLS profile) sends one JA3 from every address it
 * goes through, however many residential exits it rotates and whatever assets it loads. JA4,
 * which sorts the extensions, still reads as Chromium's, so {@code tls_agrees} cannot see it; the
 * JA3's spread over addresses can, and only the feature store knows that spread
 * ({@value #FEATURE}). A client that shuffles as Chromium does passes.
 *
 * <pre>
 *   reused_chromium_ja3:          (heuristics.yaml; absent: off)
 *     min_addresses: 3            the JA3's addresses in the last hour at which it fires; 0: off
 * </pre>
 *
 * The request must claim Chromium 110 or later on a stack known as Chromium's
 * ({@link ClientConsistency#shufflesTlsExtensions}); the store's count is an estimate (about 1.0
 * for a single address), hence a minimum above 2.
 *
 * <p>Immutable, shared by every event loop; {@link #fires} allocates nothing.
 */
public record ReusedJa3(int minAddresses) {

    /** Reported in {@code bot.detection_ids}; heuristics.yaml's rules may not use it. */
    public static final int DETECTION_ID = 302;
    /** The store feature it reads: distinct client addresses per JA3 over the last hour. */
    public static final String FEATURE = "ja3.distinct_ips_1h";
    public static final ReusedJa3 OFF = new ReusedJa3(0);

    /** Reads {@code reused_chromium_ja3} of a heuristics file (absent: {@link #OFF}). */
    public static ReusedJa3 load(ConfigSection root) throws ConfigException {
        if (!root.has("reused_chromium_ja3")) {
            return OFF;
        }
        ConfigSection section = root.section("reused_chromium_ja3");
        int min = section.integer("min_addresses", 3, 0, 1_000_000);
        if (min == 1 || min == 2) {
            throw section.error("min_addresses", "the store's count of one address reads about 1.0; use 3 or more (0 turns it off)");
        }
        section.requireNoUnknownKeys();
        return new ReusedJa3(min);
    }

    public boolean enabled() {
        return minAddresses > 0;
    }

    /**
     * Whether the request is a Chromium sending a JA3 that {@code addresses} addresses sent in the
     * last hour, at least {@link #minAddresses}.
     *
     * @param claim     the request's consistency checks, evaluated
     * @param addresses the store's {@value #FEATURE} for the request's JA3
     */
    public boolean fires(ClientConsistency claim, float addresses) {
        return minAddresses > 0 && addresses >= minAddresses && claim.shufflesTlsExtensions();
    }
}
