package dev.bliss.training.simulate.actor;

import dev.bliss.training.simulate.Header;
import dev.bliss.training.simulate.identity.Browser;
import dev.bliss.training.simulate.identity.BrowserFamily;
import java.util.ArrayList;
import java.util.List;

/**
 * The headers a browser sends, in its order, for each kind of request: Chromium's client hints and
 * Sec-Fetch-* set, Firefox's order with its own Accept values, Safari's order. Host, Connection and
 * Content-Length are the HTTP client's to write. Values follow what each browser sends for a
 * same-origin page load over HTTP/1.1 (an HTTP/2 client sends the same fields, lower-cased).
 *
 * <p>Stateless.
 */
public final class BrowserHeaders {

    private static final String CHROME_DOCUMENT_ACCEPT = "text/html,application/xhtml+xml,application/xml;q=0.9,"
            + "image/avif,image/webp,image/apng,*/*;q=0.8,application/signed-exchange;v=b3;q=0.7";
    private static final String CHROME_IMAGE_ACCEPT = "image/avif,image/webp,image/apng,image/svg+xml,image/*,*/*;q=0.8";
    private static final String FIREFOX_DOCUMENT_ACCEPT = "text/html,application/xhtml+xml,application/xml;q=0.9,*/*;q=0.8";
    private static final String FIREFOX_IMAGE_ACCEPT = "image/avif,image/webp,image/png,image/svg+xml,image/*;q=0.8,*/*;q=0.5";
    private static final String SAFARI_IMAGE_ACCEPT = "image/webp,image/avif,image/jxl,image/heic,image/heic-sequence,"
            + "video/*;q=0.8,image/png,image/svg+xml,image/*;q=0.8,*/*;q=0.5";

    /**
     * Where a request comes from, for Referer and Sec-Fetch-Site.
     *
     * @param referer   the full referring URL, or null
     * @param fetchSite none (typed or bookmarked), same-origin or cross-site
     * @param cookie    the Cookie header value, or null
     * @param language  Accept-Language, or null when the client sends none
     * @param brand     the Chromium brand in sec-ch-ua ("Google Chrome", "HeadlessChrome", ...)
     */
    public record Context(String referer, String fetchSite, String cookie, String language, String brand,
                          String origin) {
    }

    private BrowserHeaders() {
    }

    /**
     * The headers as the browser sends them to an HTTPS site; also what a script replays from a
     * capture of one, whatever the scheme it sends them over.
     */
    public static List<Header> of(Browser browser, RequestKind kind, Context c) {
        return switch (browser.family()) {
            case CHROME, EDGE -> chromium(browser, kind, c);
            case FIREFOX -> firefox(browser, kind, c);
            case SAFARI, CRIOS -> safari(browser, kind, c);
        };
    }

    /**
     * The headers as the browser itself sends them to a site that is, or is not, a secure context.
     * To a plain-HTTP site (not loopback) browsers send neither client hints nor Sec-Fetch-*,
     * which they keep for potentially trustworthy origins, and no Referer from an HTTPS page
     * (the default referrer policy drops it on the downgrade).
     */
    public static List<Header> of(Browser browser, RequestKind kind, Context c, boolean secureContext) {
        List<Header> h = of(browser, kind, c);
        if (!secureContext) {
            h.removeIf(header -> {
                String name = header.name().toLowerCase(java.util.Locale.ROOT);
                return name.startsWith("sec-ch-") || name.startsWith("sec-fetch-")
                        || name.equals("referer") && header.value().startsWith("https:");
            });
        }
        return h;
    }

    /** The brand Chromium puts beside "Chromium" in sec-ch-ua. */
    public static String brand(Browser browser) {
        return browser.family() == BrowserFamily.EDGE ? "Microsoft Edge" : "Google Chrome";
    }

    private static List<Header> chromium(Browser b, RequestKind kind, Context c) {
        List<Header> h = new ArrayList<>(16);
        String major = b.major();
        String secChUa = "\"Chromium\";v=\"" + major + "\", \"" + c.brand() + "\";v=\"" + major + "\", \"Not_A Brand\";v=\"99\"";
        String mobile = b.mobile() ? "?1" : "?0";
        boolean navigation = kind == RequestKind.DOCUMENT || kind == RequestKind.FORM_POST;
        int version = majorNumber(b);
        boolean hints = version >= 89;   // Chromium sends sec-ch-ua by default since 89
        boolean fetchMetadata = version >= 76;
        if (kind == RequestKind.FORM_POST) {
            h.add(new Header("Cache-Control", "max-age=0"));
        }
        if (navigation) {
            if (hints) {
                h.add(new Header("sec-ch-ua", secChUa));
                h.add(new Header("sec-ch-ua-mobile", mobile));
                h.add(new Header("sec-ch-ua-platform", b.clientHintPlatform()));
            }
            if (kind == RequestKind.FORM_POST) {
                h.add(new Header("Origin", c.origin()));
                h.add(new Header("Content-Type", "application/x-www-form-urlencoded"));
            }
            h.add(new Header("Upgrade-Insecure-Requests", "1"));
            h.add(new Header("User-Agent", b.userAgent()));
            h.add(new Header("Accept", CHROME_DOCUMENT_ACCEPT));
        } else {
            if (hints) {
                h.add(new Header("sec-ch-ua-platform", b.clientHintPlatform()));
            }
            h.add(new Header("User-Agent", b.userAgent()));
            if (hints) {
                h.add(new Header("sec-ch-ua", secChUa));
                h.add(new Header("sec-ch-ua-mobile", mobile));
            }
            h.add(new Header("Accept", switch (kind) {
                case STYLE -> "text/css,*/*;q=0.1";
                case IMAGE -> CHROME_IMAGE_ACCEPT;
                default -> "*/*";
            }));
        }
        if (fetchMetadata) {
            h.add(new Header("Sec-Fetch-Site", navigation ? c.fetchSite() : "same-origin"));
            h.add(new Header("Sec-Fetch-Mode", navigation ? "navigate" : "no-cors"));
            if (navigation) {
                h.add(new Header("Sec-Fetch-User", "?1"));
            }
            h.add(new Header("Sec-Fetch-Dest", destination(kind)));
        }
        if (c.referer() != null) {
            h.add(new Header("Referer", c.referer()));
        }
        h.add(new Header("Accept-Encoding", version >= 123 ? "gzip, deflate, br, zstd" : "gzip, deflate, br"));
        if (c.language() != null) {
            h.add(new Header("Accept-Language", c.language()));
        }
        if (c.cookie() != null) {
            h.add(new Header("Cookie", c.cookie()));
        }
        if (navigation) {
            h.add(new Header("Priority", "u=0, i"));
        }
        return h;
    }

    private static List<Header> firefox(Browser b, RequestKind kind, Context c) {
        List<Header> h = new ArrayList<>(14);
        boolean navigation = kind == RequestKind.DOCUMENT || kind == RequestKind.FORM_POST;
        h.add(new Header("User-Agent", b.userAgent()));
        h.add(new Header("Accept", switch (kind) {
            case DOCUMENT, FORM_POST -> FIREFOX_DOCUMENT_ACCEPT;
            case STYLE -> "text/css,*/*;q=0.1";
            case IMAGE -> FIREFOX_IMAGE_ACCEPT;
            case SCRIPT -> "*/*";
        }));
        if (c.language() != null) {
            h.add(new Header("Accept-Language", c.language()));
        }
        h.add(new Header("Accept-Encoding", "gzip, deflate, br, zstd"));
        if (kind == RequestKind.FORM_POST) {
            h.add(new Header("Content-Type", "application/x-www-form-urlencoded"));
            h.add(new Header("Origin", c.origin()));
        }
        if (c.referer() != null) {
            h.add(new Header("Referer", c.referer()));
        }
        if (c.cookie() != null) {
            h.add(new Header("Cookie", c.cookie()));
        }
        if (navigation) {
            h.add(new Header("Upgrade-Insecure-Requests", "1"));
        }
        if (majorNumber(b) >= 90) { // Firefox sends fetch metadata since 90
            h.add(new Header("Sec-Fetch-Dest", destination(kind)));
            h.add(new Header("Sec-Fetch-Mode", navigation ? "navigate" : "no-cors"));
            h.add(new Header("Sec-Fetch-Site", navigation ? c.fetchSite() : "same-origin"));
            if (navigation) {
                h.add(new Header("Sec-Fetch-User", "?1"));
            }
        }
        if (majorNumber(b) >= 128) {
            h.add(new Header("Priority", navigation ? "u=0, i" : kind == RequestKind.STYLE ? "u=2" : "u=4"));
        }
        return h;
    }

    private static List<Header> safari(Browser b, RequestKind kind, Context c) {
        List<Header> h = new ArrayList<>(12);
        boolean navigation = kind == RequestKind.DOCUMENT || kind == RequestKind.FORM_POST;
        if (kind == RequestKind.FORM_POST) {
            h.add(new Header("Content-Type", "application/x-www-form-urlencoded"));
            h.add(new Header("Origin", c.origin()));
        }
        h.add(new Header("Accept", switch (kind) {
            case DOCUMENT, FORM_POST -> FIREFOX_DOCUMENT_ACCEPT;
            case STYLE -> "text/css,*/*;q=0.1";
            case IMAGE -> SAFARI_IMAGE_ACCEPT;
            case SCRIPT -> "*/*";
        }));
        boolean fetchMetadata = safariSendsFetchMetadata(b);
        if (fetchMetadata) {
            h.add(new Header("Sec-Fetch-Site", navigation ? c.fetchSite() : "same-origin"));
        }
        if (c.cookie() != null) {
            h.add(new Header("Cookie", c.cookie()));
        }
        if (fetchMetadata) {
            h.add(new Header("Sec-Fetch-Dest", destination(kind)));
        }
        if (c.language() != null) {
            h.add(new Header("Accept-Language", c.language()));
        }
        if (fetchMetadata) {
            h.add(new Header("Sec-Fetch-Mode", navigation ? "navigate" : "no-cors"));
        }
        h.add(new Header("User-Agent", b.userAgent()));
        if (c.referer() != null) {
            h.add(new Header("Referer", c.referer()));
        }
        h.add(new Header("Accept-Encoding", "gzip, deflate, br"));
        h.add(new Header("Priority", navigation ? "u=0, i" : "u=3"));
        return h;
    }

    /** The major version as a number (0 when the version is not a number). */
    static int majorNumber(Browser b) {
        try {
            return Integer.parseInt(b.major());
        } catch (NumberFormatException e) {
            return 0;
        }
    }

    /** Safari (and every iOS browser, WebKit) sends Sec-Fetch-* since 16.4; a WebKit version the user agent does not give counts as current. */
    private static boolean safariSendsFetchMetadata(Browser b) {
        if (b.family() == BrowserFamily.CRIOS) {
            return true;
        }
        int major = majorNumber(b);
        if (major == 0) {
            return true;
        }
        int dot = b.version().indexOf('.');
        int minor = 0;
        if (dot >= 0) {
            String rest = b.version().substring(dot + 1);
            int end = 0;
            while (end < rest.length() && Character.isDigit(rest.charAt(end))) {
                end++;
            }
            minor = end == 0 ? 0 : Integer.parseInt(rest.substring(0, end));
        }
        return major > 16 || major == 16 && minor >= 4;
    }

    private static String destination(RequestKind kind) {
        return switch (kind) {
            case DOCUMENT, FORM_POST -> "document";
            case STYLE -> "style";
            case SCRIPT -> "script";
            case IMAGE -> "image";
        };
    }
}
