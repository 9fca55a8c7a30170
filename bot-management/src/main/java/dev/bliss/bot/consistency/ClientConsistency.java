package dev.bliss.bot.consistency;

import dev.bliss.plugin.RequestView;

/**
 * Four checks of one request's claim against its behaviour, each a model input:
 *
 * <table>
 *   <caption>values: 1 agrees, 0 disagrees, -1 nothing claimed (no browser user agent), 0.5 cannot tell</caption>
 *   <tr><th>{@link #tls}</th><td>the JA4 belongs to a stack of the claimed family (0.5: a stack heuristics.yaml does not know; -1 also without a JA4)</td></tr>
 *   <tr><th>{@link #clientHints}</th><td>sec-ch-ua present exactly when the claimed Chromium version sends it to this {@linkplain SecureContext context}, its brand version and sec-ch-ua-mobile matching the user agent</td></tr>
 *   <tr><th>{@link #fetchMetadata}</th><td>Sec-Fetch-* present exactly when the claimed browser version sends it to this context, and Sec-Fetch-Dest fitting the path (no "document" for a stylesheet, no "image" for a page)</td></tr>
 *   <tr><th>{@link #headerOrder}</th><td>User-Agent, Accept, Accept-Encoding and Accept-Language in the order the claimed family sends them, Accept and Accept-Encoding present</td></tr>
 * </table>
 *
 * <p>A user-agent string costs nothing to change; a browser's TLS stack, its client hints and its
 * header order take a real browser or careful work. Old browsers are judged by their own
 * version's behaviour, and every browser by what it sends to a site of that scheme (client
 * hints and fetch metadata only to secure contexts), so none is flagged for lacking what it
 * never sent.
 *
 * <p>One per event loop (mutable results); {@link #evaluate} allocates nothing.
 */
public final class ClientConsistency {

    public static final float AGREES = 1f;
    public static final float DISAGREES = 0f;
    public static final float NOT_CLAIMED = -1f;
    public static final float UNKNOWN = 0.5f;
    /** The first Chromium to order its TLS extensions at random per connection. */
    static final int CHROMIUM_SHUFFLES_FROM = 110;

    private final TlsStacks stacks;
    private final ClaimedBrowser claim = new ClaimedBrowser();
    private float tls;
    private float clientHints;
    private float fetchMetadata;
    private float headerOrder;

    public ClientConsistency(TlsStacks stacks) {
        this.stacks = stacks;
    }

    /**
     * Evaluates one request.
     *
     * @param userAgent  its user agent, or null
     * @param ja4        its JA4 (from TLS or a trusted balancer), or null
     * @param staticPath whether its path names a static resource
     */
    public ClientConsistency evaluate(RequestView request, CharSequence userAgent, CharSequence ja4, boolean staticPath) {
        claim.read(userAgent);
        if (claim.family() == ClaimedBrowser.Family.NONE) {
            tls = clientHints = fetchMetadata = headerOrder = NOT_CLAIMED;
            return this;
        }
        tls = tlsAgreement(ja4);
        int ua = -1;
        int accept = -1;
        int encoding = -1;
        int language = -1;
        int secChUa = -1;
        int secChUaMobile = -1;
        int fetchMode = -1;
        int fetchDest = -1;
        int forwardedProto = -1;
        for (int i = 0, n = request.headerCount(); i < n; i++) {
            CharSequence name = request.headerName(i);
            if (name.length() < 6) {
                continue;
            }
            switch (Character.toLowerCase(name.charAt(0))) {
                case 'u' -> ua = ua < 0 && Text.equalsIgnoreCase(name, "user-agent") ? i : ua;
                case 'a' -> {
                    if (accept < 0 && Text.equalsIgnoreCase(name, "accept")) {
                        accept = i;
                    } else if (encoding < 0 && Text.equalsIgnoreCase(name, "accept-encoding")) {
                        encoding = i;
                    } else if (language < 0 && Text.equalsIgnoreCase(name, "accept-language")) {
                        language = i;
                    }
                }
                case 's' -> {
                    if (secChUa < 0 && Text.equalsIgnoreCase(name, "sec-ch-ua")) {
                        secChUa = i;
                    } else if (secChUaMobile < 0 && Text.equalsIgnoreCase(name, "sec-ch-ua-mobile")) {
                        secChUaMobile = i;
                    } else if (fetchMode < 0 && Text.equalsIgnoreCase(name, "sec-fetch-mode")) {
                        fetchMode = i;
                    } else if (fetchDest < 0 && Text.equalsIgnoreCase(name, "sec-fetch-dest")) {
                        fetchDest = i;
                    }
                }
                case 'x' -> forwardedProto = forwardedProto < 0 && Text.equalsIgnoreCase(name, "x-forwarded-proto")
                        ? i : forwardedProto;
                default -> { }
            }
        }
        SecureContext context = SecureContext.of(request, ja4, forwardedProto < 0 ? null : request.headerValue(forwardedProto));
        headerOrder = order(ua, accept, encoding, language);
        clientHints = hints(request, context, secChUa, secChUaMobile);
        fetchMetadata = fetch(request, context, fetchMode, fetchDest, staticPath);
        return this;
    }

    private float tlsAgreement(CharSequence ja4) {
        if (ja4 == null) {
            return NOT_CLAIMED;
        }
        TlsStacks.Owner owner = stacks.familyOf(ja4);
        if (owner == null) {
            return UNKNOWN;
        }
        return switch (claim.family()) {
            case CHROMIUM -> owner == TlsStacks.Owner.CHROMIUM ? AGREES : DISAGREES;
            case FIREFOX -> owner == TlsStacks.Owner.FIREFOX ? AGREES : DISAGREES;
            case SAFARI -> owner == TlsStacks.Owner.SAFARI ? AGREES : DISAGREES;
            case NONE -> NOT_CLAIMED;
        };
    }

    private float order(int ua, int accept, int encoding, int language) {
        if (accept < 0 || encoding < 0) {
            return DISAGREES; // every browser sends both
        }
        return switch (claim.family()) {
            case CHROMIUM -> inOrder(ua, accept, encoding, language);
            case FIREFOX -> inOrder(ua, accept, language, encoding);
            case SAFARI -> inOrder(accept, language, ua, encoding);
            case NONE -> NOT_CLAIMED;
        };
    }

    /** Whether the present positions (absent: -1) ascend. */
    private static float inOrder(int a, int b, int c, int d) {
        int last = step(-1, a);
        last = step(last, b);
        last = step(last, c);
        last = step(last, d);
        return last == Integer.MAX_VALUE ? DISAGREES : AGREES;
    }

    /** The position to beat next; MAX_VALUE once one came out of order. */
    private static int step(int last, int position) {
        if (last == Integer.MAX_VALUE || position < 0) {
            return last;
        }
        return position > last ? position : Integer.MAX_VALUE;
    }

    private float hints(RequestView request, SecureContext context, int secChUa, int mobileAt) {
        boolean sends = claim.sendsClientHints();
        if (secChUa < 0) {
            return sends && context == SecureContext.SECURE ? DISAGREES : AGREES;
        }
        if (claim.family() != ClaimedBrowser.Family.CHROMIUM || context == SecureContext.INSECURE) {
            return DISAGREES; // only Chromium sends client hints, and only to secure contexts
        }
        if (claim.major() > 0 && !brandVersion(request.headerValue(secChUa), claim.major())) {
            return DISAGREES;
        }
        if (mobileAt >= 0) {
            CharSequence m = request.headerValue(mobileAt);
            boolean saysMobile = m.length() == 2 && m.charAt(1) == '1';
            if (saysMobile != claim.mobile()) {
                return DISAGREES;
            }
        }
        return AGREES;
    }

    /** Whether some {@code v="N"} of a sec-ch-ua value is {@code major}. */
    private static boolean brandVersion(CharSequence value, int major) {
        int at = 0;
        while ((at = Text.indexOf(value, "v=\"", at)) >= 0) {
            int i = at + 3;
            int n = 0;
            while (i < value.length() && Character.isDigit(value.charAt(i)) && n < 100_000) {
                n = n * 10 + (value.charAt(i++) - '0');
            }
            if (n == major) {
                return true;
            }
            at = i;
        }
        return false;
    }

    private float fetch(RequestView request, SecureContext context, int modeAt, int destAt, boolean staticPath) {
        boolean sends = claim.sendsFetchMetadata();
        boolean present = modeAt >= 0;
        if (present ? !sends || context == SecureContext.INSECURE : sends && context == SecureContext.SECURE) {
            return DISAGREES;
        }
        if (!present || destAt < 0) {
            return present ? DISAGREES : AGREES; // a browser that sends the mode sends the destination
        }
        CharSequence dest = request.headerValue(destAt);
        boolean document = Text.equalsIgnoreCase(dest, "document");
        if (staticPath && document) {
            return DISAGREES;
        }
        boolean subresource = Text.equalsIgnoreCase(dest, "image") || Text.equalsIgnoreCase(dest, "style")
                || Text.equalsIgnoreCase(dest, "script") || Text.equalsIgnoreCase(dest, "font");
        return !staticPath && subresource ? DISAGREES : AGREES;
    }

    public float tls() {
        return tls;
    }

    public float clientHints() {
        return clientHints;
    }

    public float fetchMetadata() {
        return fetchMetadata;
    }

    public float headerOrder() {
        return headerOrder;
    }

    /**
     * Whether the request claims a Chromium that orders its TLS extensions anew on every
     * connection (version 110 and later) and came over a TLS stack heuristics.yaml knows as
     * Chromium's: then its JA3, which keeps the extensions' order, belongs to its connection
     * alone, and one sent from other addresses too was not made by that browser
     * ({@link ReusedJa3}).
     */
    public boolean shufflesTlsExtensions() {
        return tls == AGREES && claim.family() == ClaimedBrowser.Family.CHROMIUM && claim.major() >= CHROMIUM_SHUFFLES_FROM;
    }

    /** Whether any check disagrees (the request event's flag: per-key shares of inconsistent requests). */
    public boolean anyDisagrees() {
        return tls == DISAGREES || clientHints == DISAGREES || fetchMetadata == DISAGREES || headerOrder == DISAGREES;
    }
}
