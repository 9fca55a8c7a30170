package dev.bliss.training.simulate;

import java.util.EnumMap;
import java.util.Locale;
import java.util.Map;

/**
 * The share of requests each population sends, e.g. {@code human=0.5,scraper=0.2}. Shares need
 * not add up to 1 (they are normalised); populations not named send nothing.
 */
public record PopulationMix(Map<Population, Double> shares) {

    /** {@link #DEFAULT} as text: a constant, so that the simulator's help can quote it. */
    public static final String DEFAULT_TEXT = "human=0.29,cached_assets=0.05,single_page=0.03,in_app=0.03,"
            + "console_tv=0.02,old_browser=0.03,returning=0.02,middlebox=0.03,verified_bot=0.05,scraper=0.08,credential_stuffer=0.04,"
            + "headless=0.07,asset_stuffer=0.05,browser_automation=0.07,ip_rotator=0.04,ua_rotator=0.04,fast_scraper=0.04,"
            + "slow_scraper=0.02";

    /** Half people (four in ten of them unusual), half bots of every kind (half of them evasive). */
    public static final PopulationMix DEFAULT = parse(DEFAULT_TEXT);

    /** The mix before the evasive and unusual populations (bot-v1 was trained on it). */
    public static final PopulationMix CLASSIC = parse("human=0.5,verified_bot=0.08,scraper=0.2,credential_stuffer=0.07,headless=0.15");

    public PopulationMix {
        double total = shares.values().stream().mapToDouble(Double::doubleValue).sum();
        if (!(total > 0)) {
            throw new IllegalArgumentException("the mix gives no population a share");
        }
        EnumMap<Population, Double> normalised = new EnumMap<>(Population.class);
        shares.forEach((p, s) -> {
            if (s > 0) {
                normalised.put(p, s / total);
            }
        });
        shares = Map.copyOf(normalised);
    }

    /** The normalised share of {@code p} (0 when absent). */
    public double share(Population p) {
        return shares.getOrDefault(p, 0.0);
    }

    /**
     * Parses {@code name=share,...}.
     *
     * @throws IllegalArgumentException naming the item that is wrong
     */
    public static PopulationMix parse(String text) {
        EnumMap<Population, Double> shares = new EnumMap<>(Population.class);
        for (String item : text.split(",")) {
            String it = item.strip();
            int eq = it.indexOf('=');
            if (eq <= 0) {
                throw new IllegalArgumentException("\"" + it + "\": expected population=share");
            }
            Population p = Population.byId(it.substring(0, eq).strip());
            if (p == null) {
                throw new IllegalArgumentException("\"" + it + "\": unknown population; known: "
                        + java.util.Arrays.stream(Population.values()).map(Population::id).collect(java.util.stream.Collectors.joining(", ")));
            }
            double share;
            try {
                share = Double.parseDouble(it.substring(eq + 1).strip());
            } catch (NumberFormatException e) {
                throw new IllegalArgumentException("\"" + it + "\": the share is not a number");
            }
            if (!(share >= 0) || Double.isInfinite(share)) {
                throw new IllegalArgumentException("\"" + it + "\": a share is a number >= 0");
            }
            if (shares.put(p, share) != null) {
                throw new IllegalArgumentException("\"" + it + "\": " + p.id() + " is given twice");
            }
        }
        return new PopulationMix(shares);
    }

    @Override
    public String toString() {
        StringBuilder sb = new StringBuilder();
        for (Population p : Population.values()) {
            if (share(p) > 0) {
                if (!sb.isEmpty()) {
                    sb.append(',');
                }
                sb.append(p.id()).append('=').append(String.format(Locale.ROOT, "%.3f", share(p)));
            }
        }
        return sb.toString();
    }
}
