package dev.bliss.training.data;

import java.util.Arrays;
import java.util.List;

/**
 * Teaches a model that a person's claim over a TLS stack that is not the claimed browser's is
 * explained by where it comes from, not by the claim: for each automated training row whose TLS
 * disagrees with its user agent ({@code tls_agrees} 0), one more row with everything the request
 * claims (its user agent, header set and order, what it asks for, and the dimensions keyed by the
 * claim) taken from one person's request drawn at random, and everything else kept the bot's:
 * its TLS and transport, its cookie and session, and the history of its address, network and TLS
 * fingerprint.
 *
 * <p>Why: people behind a TLS-intercepting gateway send their browser's exact claim over the
 * gateway's stack, so a model must not read the disagreement as automation; what explains it is
 * the gateway's address, shared by many people who keep the site's cookie. A script that copies a
 * browser's headers over its own stack and loads a page's assets from a fresh exit disagrees the
 * same way, from an address that explains nothing. When every such script of the training traffic
 * also gives itself away by its headers (the tools' own sets, a Python or Go user agent), the
 * trees split on the headers, and the only rows with a perfect claim over a foreign stack are the
 * gateways' people: a bot never trained on that copies the claim perfectly lands among them. The
 * copies put bots there too, each with its own history, so the trees must split on the history.
 *
 * <p>The claim is every input but {@link #KEPT} and the inputs of the dimensions in
 * {@link #KEPT_DIMENSIONS}. The copies keep their row's client and population
 * ({@link PersonCopies}); copies are made of the first {@code sourceRows} rows only, as
 * {@link ContradictionAugmentation} does.
 */
public final class ForeignTlsAugmentation {

    static final String TLS_AGREES = "tls_agrees";
    /**
     * The request's own inputs that are not its claim: its TLS and protocol, the cookie it
     * returned, the clearance it holds and where its session was issued.
     */
    static final List<String> KEPT = List.of(TLS_AGREES, "tls", "http_version", "has_cookie", "clearance_age",
            "session_moved", "session_age");
    /** Dimensions keyed by the client, its network, its TLS hello or its cookie: its history. */
    static final List<String> KEPT_DIMENSIONS = List.of("ip.", "ip_prefix.", "ja4.", "ja3.", "cookie.");

    private ForeignTlsAugmentation() {
    }

    /**
     * {@code data} and, after its rows, one copy of each automated row among its first
     * {@code sourceRows} whose {@code tls_agrees} reads 0, its claim taken from a person's row
     * (among the first {@code sourceRows}) drawn at random for that copy. {@code data} itself when
     * nothing qualifies or it has no person's row.
     *
     * @throws IllegalArgumentException when {@code tls_agrees} is not among the data's features,
     *                                  or {@code sourceRows} is not within the data
     */
    public static Dataset apply(Dataset data, long seed, int sourceRows) {
        if (sourceRows < 0 || sourceRows > data.rowCount()) {
            throw new IllegalArgumentException(sourceRows + " source rows of " + data.rowCount());
        }
        float[] agrees = data.column(PersonCopies.features(data, List.of(TLS_AGREES), "input")[0]);
        int[] bots = PersonCopies.rows(data, sourceRows, true);
        int foreign = 0;
        for (int r : bots) {
            if (agrees[r] == 0) {
                bots[foreign++] = r;
            }
        }
        int[] claim = PersonCopies.allBut(data, f -> kept(data.featureNames().get(f)));
        return PersonCopies.append(data, Arrays.copyOf(bots, foreign), PersonCopies.rows(data, sourceRows, false), claim, seed);
    }

    private static boolean kept(String feature) {
        if (KEPT.contains(feature)) {
            return true;
        }
        for (String prefix : KEPT_DIMENSIONS) {
            if (feature.startsWith(prefix)) {
                return true;
            }
        }
        return false;
    }
}
