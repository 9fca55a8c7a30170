package dev.bliss.training.simulate;

import java.util.Locale;

/**
 * The kinds of simulated clients, with the ground-truth label the trainer learns: 1 = automated,
 * 0 = human. A verified crawler is automated (label 1): the plugin exempts it through its
 * verified-bot check, not through the model.
 */
public enum Population {
    HUMAN(0),
    VERIFIED_BOT(1),
    SCRAPER(1),
    CREDENTIAL_STUFFER(1),
    HEADLESS(1),
    // populations that fight back (training/README.md, "Populations")
    ASSET_STUFFER(1),
    BROWSER_AUTOMATION(1),
    IP_ROTATOR(1),
    UA_ROTATOR(1),
    FAST_SCRAPER(1),
    SLOW_SCRAPER(1),
    // people who look unusual
    CACHED_ASSETS(0),
    SINGLE_PAGE(0),
    IN_APP(0),
    CONSOLE_TV(0),
    OLD_BROWSER(0),
    RETURNING(0),
    MIDDLEBOX(0);

    private final int label;

    Population(int label) {
        this.label = label;
    }

    public int label() {
        return label;
    }

    /** The name in the truth file and on the command line: {@code verified_bot}. */
    public String id() {
        return name().toLowerCase(Locale.ROOT);
    }

    /** The population named {@code id}, or null. */
    public static Population byId(String id) {
        for (Population p : values()) {
            if (p.id().equals(id)) {
                return p;
            }
        }
        return null;
    }
}
