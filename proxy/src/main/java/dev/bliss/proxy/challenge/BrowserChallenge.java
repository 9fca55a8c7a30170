package dev.bliss.proxy.challenge;

import dev.bliss.challenge.ChallengeOptions;
import dev.bliss.challenge.InterstitialPage;
import dev.bliss.challenge.KeyRing;
import dev.bliss.plugin.config.ConfigException;
import dev.bliss.plugin.field.FieldScheme;
import io.micrometer.core.instrument.MeterRegistry;

/**
 * What every event loop's {@link ChallengeGate} shares: the options, the keys, the page and the
 * meters. Made once at start. Immutable and thread-safe.
 */
public final class BrowserChallenge {

    private static final System.Logger LOG = System.getLogger("dev.bliss.proxy.challenge");

    private final ChallengeOptions options;
    private final KeyRing keys;
    private final InterstitialPage page = InterstitialPage.load();
    private final ChallengeMetrics metrics;

    private BrowserChallenge(ChallengeOptions options, KeyRing keys, ChallengeMetrics metrics) {
        this.options = options;
        this.keys = keys;
        this.metrics = metrics;
    }

    /**
     * Loads the keys of {@code options}; without a key file, makes one and warns that clearances
     * will not survive a restart or be accepted by other nodes.
     */
    public static BrowserChallenge start(ChallengeOptions options, MeterRegistry registry) throws ConfigException {
        KeyRing keys = options.loadKeys();
        if (keys.isEphemeral()) {
            LOG.log(System.Logger.Level.WARNING, "challenge: no key_file configured; clearances are signed with a key made "
                    + "at start, so they do not survive a restart and other nodes refuse them (write one with "
                    + "`bliss challenge keygen --key-file <file>` and set challenge.key_file)");
        }
        return new BrowserChallenge(options, keys, new ChallengeMetrics(registry));
    }

    public ChallengeOptions options() {
        return options;
    }

    KeyRing keys() {
        return keys;
    }

    InterstitialPage page() {
        return page;
    }

    ChallengeMetrics metrics() {
        return metrics;
    }

    /** A gate for one event loop; {@code scheme} must declare {@link ChallengeFields}. */
    public ChallengeGate newGate(FieldScheme scheme) {
        return new ChallengeGate(this, scheme);
    }
}
