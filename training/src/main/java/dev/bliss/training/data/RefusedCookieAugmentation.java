package dev.bliss.training.data;

import java.util.Arrays;
import java.util.List;

/**
 * Teaches a model that a client which does not return the site's cookie is automated, whatever
 * its request looks like: for each automated training row that refused it (no Cookie header, from
 * an address that sent two or more pages in ten minutes and no request with a cookie), one more
 * row with that refusal and every other input taken from one person's request drawn at random.
 *
 * <p>Why: a browser returns the cookie a site set on its next request; a person's first page has
 * none, their second has it. A script without a cookie jar never does, however faithfully it
 * copies a browser's TLS and headers. In the lab, the clients that copy a browser's header set over
 * their own TLS stack and keep no cookies (UA rotators) share everything but the cookie with people
 * behind a TLS-intercepting gateway, and a model that never saw them extrapolates into their region
 * from the gateways' people. People do sit in the refusal's region, rarely (0.8 % of the
 * single-page visitors' requests in seed 70: a household's next visitor behind an address whose
 * earlier ones kept no cookie); the copies push those few towards automation. The inputs that
 * describe the refusal (the request's cookie, the address's cookie share and page count, and the
 * cookie dimension and the session's issuance, which a request without a cookie leaves at their
 * defaults) stay the bot's.
 *
 * <p>The copies keep their row's client and population ({@link PersonCopies}); copies are made of
 * the first {@code sourceRows} rows only, as {@link ContradictionAugmentation} does.
 */
public final class RefusedCookieAugmentation {

    static final String HAS_COOKIE = "has_cookie";
    static final String COOKIE_SHARE = "ip.ratio_cookie_10m";
    static final String PAGES = "ip.pages_10m";
    static final String COOKIE_DIMENSION = "cookie.";
    /** Where and when the request's session was issued: −1 without a cookie, so the refusal's too. */
    static final List<String> SESSION = List.of("session_moved", "session_age");

    private RefusedCookieAugmentation() {
    }

    /**
     * {@code data} and, after its rows, one copy of each automated row among its first
     * {@code sourceRows} that refused the site's cookie, every input but the refusal's taken from
     * a person's row (among the first {@code sourceRows}). {@code data} itself when nothing
     * qualifies or it has no person's row.
     *
     * @throws IllegalArgumentException when {@code has_cookie}, {@code ip.ratio_cookie_10m} or
     *                                  {@code ip.pages_10m} is not among the data's features
     */
    public static Dataset apply(Dataset data, long seed, int sourceRows) {
        if (sourceRows < 0 || sourceRows > data.rowCount()) {
            throw new IllegalArgumentException(sourceRows + " source rows of " + data.rowCount());
        }
        int[] refusal = PersonCopies.features(data, List.of(HAS_COOKIE, COOKIE_SHARE, PAGES), "input");
        float[] cookie = data.column(refusal[0]);
        float[] share = data.column(refusal[1]);
        float[] pages = data.column(refusal[2]);
        int[] bots = PersonCopies.rows(data, sourceRows, true);
        int refused = 0;
        for (int r : bots) {
            if (cookie[r] == 0 && share[r] == 0 && pages[r] >= 2) {
                bots[refused++] = r;
            }
        }
        int[] fromPerson = PersonCopies.allBut(data, f -> f == refusal[0] || f == refusal[1] || f == refusal[2]
                || data.featureNames().get(f).startsWith(COOKIE_DIMENSION) || SESSION.contains(data.featureNames().get(f)));
        return PersonCopies.append(data, Arrays.copyOf(bots, refused), PersonCopies.rows(data, sourceRows, false),
                fromPerson, seed);
    }
}
