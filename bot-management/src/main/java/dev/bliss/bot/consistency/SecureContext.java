package dev.bliss.bot.consistency;

import dev.bliss.plugin.RequestView;

/**
 * Whether the browser that sent a request saw the site as a secure context, which decides what a
 * real browser sends: client hints (Sec-CH-UA*) and fetch metadata (Sec-Fetch-*) go only to
 * potentially trustworthy origins, that is HTTPS and loopback. A Chrome on a plain-HTTP site
 * sends neither, so their absence there is no tell, and their presence is one (a header set
 * copied from an HTTPS capture).
 *
 * <p>What the proxy can know, in the order it is believed:
 * <ol>
 *   <li>TLS on the client connection, or a JA4 (computed where TLS ended): {@link #SECURE}.
 *   <li>A trusted balancer's {@code X-Forwarded-Proto}: {@code https} is {@link #SECURE}.
 *   <li>A loopback host ({@code localhost}, {@code *.localhost}, {@code 127.x.x.x}, {@code [::1]}):
 *       {@link #SECURE} over any scheme, as browsers treat it.
 *   <li>A trusted balancer's {@code X-Forwarded-Proto: http}, or a cleartext connection of the
 *       client's own: {@link #INSECURE}.
 *   <li>A trusted balancer that does not say: {@link #UNKNOWN}; neither presence nor absence is
 *       held against the request.
 * </ol>
 */
public enum SecureContext {

    SECURE, INSECURE, UNKNOWN;

    /**
     * @param request        the request
     * @param ja4            its JA4, or null
     * @param forwardedProto the value of its {@code X-Forwarded-Proto}, or null when it has none
     */
    public static SecureContext of(RequestView request, CharSequence ja4, CharSequence forwardedProto) {
        if (request.isTls() || ja4 != null) {
            return SECURE;
        }
        boolean trusted = request.fromTrustedProxy();
        if (trusted && forwardedProto != null && Text.equalsIgnoreCase(forwardedProto, "https")) {
            return SECURE;
        }
        if (isLoopback(request.host())) {
            return SECURE;
        }
        return !trusted || forwardedProto != null ? INSECURE : UNKNOWN;
    }

    /** Whether a Host value (port allowed) names the loopback: localhost, *.localhost, 127/8 or [::1]. */
    static boolean isLoopback(CharSequence host) {
        if (host == null) {
            return false;
        }
        int end = host.length();
        if (end > 0 && host.charAt(0) == '[') {
            int close = Text.indexOf(host, "]", 1);
            return close == 4 && host.charAt(1) == ':' && host.charAt(2) == ':' && host.charAt(3) == '1';
        }
        int colon = Text.indexOf(host, ":", 0);
        if (colon >= 0) {
            end = colon;
        }
        if (end > 0 && host.charAt(end - 1) == '.') {
            end--; // a fully qualified "localhost."
        }
        if (endsWithIgnoreCase(host, end, "localhost") && (end == 9 || host.charAt(end - 10) == '.')) {
            return true;
        }
        return end >= 7 && host.charAt(0) == '1' && host.charAt(1) == '2' && host.charAt(2) == '7'
                && host.charAt(3) == '.' && isIpv4Digits(host, 4, end);
    }

    private static boolean endsWithIgnoreCase(CharSequence s, int end, String lowerCase) {
        int start = end - lowerCase.length();
        if (start < 0) {
            return false;
        }
        for (int i = 0; i < lowerCase.length(); i++) {
            if (Character.toLowerCase(s.charAt(start + i)) != lowerCase.charAt(i)) {
                return false;
            }
        }
        return true;
    }

    /** Whether [from, end) is three dot-separated groups of one to three digits. */
    private static boolean isIpv4Digits(CharSequence s, int from, int end) {
        int groups = 1;
        int digits = 0;
        for (int i = from; i < end; i++) {
            char c = s.charAt(i);
            if (c == '.') {
                if (digits == 0) {
                    return false;
                }
                groups++;
                digits = 0;
            } else if (c >= '0' && c <= '9' && digits < 3) {
                digits++;
            } else {
                return false;
            }
        }
        return groups == 3 && digits > 0;
    }
}
