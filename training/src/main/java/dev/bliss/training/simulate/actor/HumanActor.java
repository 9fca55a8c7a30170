package dev.bliss.training.simulate.actor;

import dev.bliss.challenge.EnvironmentCheck;
import dev.bliss.training.simulate.Header;
import dev.bliss.training.simulate.SimulatedRequest;
import dev.bliss.training.simulate.SimulatedRequest.Protocol;
import dev.bliss.training.simulate.identity.Addresses;
import dev.bliss.training.simulate.identity.Browser;
import dev.bliss.training.simulate.identity.BrowserCatalog;
import dev.bliss.training.simulate.identity.InterceptingGateway;
import dev.bliss.training.simulate.identity.TlsClient;
import dev.bliss.training.simulate.identity.UnusualBrowsers;
import dev.bliss.training.simulate.site.Accounts;
import dev.bliss.training.simulate.site.SiteMap;
import java.net.URLEncoder;
import java.nio.charset.StandardCharsets;
import java.util.ArrayDeque;
import java.util.HashSet;
import java.util.List;
import java.util.Set;

/**
 * A person browsing with a real browser: arrives on an entry page (typed, or from a search
 * engine), then follows links with a think time between pages; each page is followed by its
 * assets (with the page as Referer), those already cached skipped. Keeps the session cookie the
 * site sets. Some people sign in (their own account, now and then after one typo: a 401).
 *
 * <p>What gives a person away as human: think times with a wide spread (a high inter-arrival
 * CV), few pages per minute, assets fetched with every page, cookies on everything after the first
 * response, one consistent browser (its headers, JA4 and user agent agree).
 */
final class HumanActor extends Actor {

    /**
     * People who look unusual to a model trained on the common case (each a population of its
     * own, so that leave-one-population-out evaluation can hold each out).
     */
    enum Variant {
        /** The common case above. */
        STANDARD,
        /** Assets cached from earlier visits or served by a CDN host not behind the proxy: HTML only. */
        CACHED_ASSETS,
        /** One page (and perhaps its assets) from a search result, then gone. */
        SINGLE_PAGE,
        /** An app's in-app browser or webview (Facebook, Instagram, TikTok). */
        IN_APP,
        /** A games console's or TV's browser: slow, on HTTP/1.1, odd user agents. */
        CONSOLE_TV,
        /** A browser version from before client hints or fetch metadata. */
        OLD_BROWSER,
        /** Back with the session cookie of an earlier visit; most assets still cached. */
        RETURNING,
        /**
         * At work behind a TLS-intercepting gateway: the browser's headers over the gateway's TLS
         * stack and from its egress addresses, shared with everyone behind it.
         */
        MIDDLEBOX
    }

    /** The share of visits whose network changes once, mid-visit. */
    static final double MOVING_SHARE = 0.12;

    private static final String[] SEARCHES = {"running shoes", "rain jacket", "headphones", "desk lamp", "backpack",
            "coffee grinder", "gift ideas", "wool socks", "phone case", "water bottle", "sale", "kids bike"};

    /** The address the person browses from; a phone leaving the house's Wi-Fi changes it once ({@link #movesAfterPages}). */
    private String ip;
    /** Pages until the person's network changes, keeping the session cookie; 0: it never does. */
    private int movesAfterPages;
    private final Browser browser;
    private final TlsClient.Fingerprint fingerprint;
    private final Protocol protocol;
    private final String language;
    private final int account;
    private final ArrayDeque<String> pendingAssets = new ArrayDeque<>();
    private final Set<String> cached = new HashSet<>();
    private final Variant variant;
    /** X-Requested-With of an Android webview (the app's package), or null. */
    private final String requestedWith;
    private final boolean fetchesAssets;
    private String page;
    private int loginStage; // 0 not yet, 1 form shown, 3 credentials sent, 2 signed in
    private boolean typo;

    HumanActor(Identity identity, String ip, BrowserCatalog browsers) {
        this(identity, ip, browsers, Variant.STANDARD);
    }

    HumanActor(Identity identity, String ip, BrowserCatalog browsers, Variant variant) {
        this(identity, ip, browsers, variant, null);
    }

    /** A person behind {@code gateway} ({@link Variant#MIDDLEBOX}), whose egress address {@code ip} is. */
    HumanActor(Identity identity, String ip, BrowserCatalog browsers, Variant variant, InterceptingGateway gateway) {
        super(identity);
        if ((variant == Variant.MIDDLEBOX) != (gateway != null)) {
            throw new IllegalArgumentException("a gateway goes with the " + Variant.MIDDLEBOX + " variant, and only with it");
        }
        this.ip = ip;
        this.variant = variant;
        UnusualBrowsers.Pick unusual = switch (variant) {
            case IN_APP -> UnusualBrowsers.inApp(random);
            case CONSOLE_TV -> UnusualBrowsers.consoleOrTv(random);
            case OLD_BROWSER -> UnusualBrowsers.old(random);
            default -> null;
        };
        this.browser = unusual != null ? unusual.browser() : browsers.pick(random);
        TlsClient tls = gateway != null ? gateway.tls() : unusual != null ? unusual.tls() : browser.family().tls();
        this.fingerprint = tls.fingerprint(random);
        this.requestedWith = unusual != null ? unusual.requestedWith() : null;
        // browsers speak HTTP/2 to any balancer that offers it; a share of networks still downgrades; TVs often do not
        double h2 = variant == Variant.CONSOLE_TV || variant == Variant.OLD_BROWSER ? 0.4 : 0.8;
        boolean http2 = random.nextDouble() < h2; // drawn for every variant, so adding one changed no other draw
        this.protocol = (gateway != null ? gateway.http2() : http2) ? Protocol.HTTP_2 : Protocol.HTTP_1_1;
        this.language = Languages.pick(browser.family(), random);
        this.account = random.nextDouble() < 0.25 ? 1 + random.nextInt(Accounts.COUNT) : 0;
        this.typo = random.nextDouble() < 0.15;
        this.fetchesAssets = switch (variant) {
            case CACHED_ASSETS -> false;
            case SINGLE_PAGE -> random.nextBoolean();
            default -> true;
        };
        // a share of people change network in the middle of a visit (a phone leaving Wi-Fi for its
        // carrier, a laptop joining another network) and keep their session; not the console at
        // home, not the one-page visitor, not the worker behind the office's gateway
        boolean mayMove = variant != Variant.CONSOLE_TV && variant != Variant.SINGLE_PAGE && variant != Variant.MIDDLEBOX;
        this.movesAfterPages = mayMove && random.nextDouble() < MOVING_SHARE ? 1 + random.nextInt(5) : 0;
        if (variant == Variant.RETURNING) {
            // the session of an earlier visit, and that visit's assets in the cache
            cookies.store(java.util.List.of("sid=" + Long.toHexString(random.nextLong()) + Long.toHexString(random.nextLong())));
            for (String page : new String[] {"/", SiteMap.listing(1), SiteMap.product(1), SiteMap.post(1)}) {
                for (String asset : SiteMap.assets(page)) {
                    if (random.nextDouble() < 0.8) {
                        cached.add(asset);
                    }
                }
            }
        }
    }

    @Override
    protected boolean keepsCookies() {
        return true;
    }

    /** A person's browser runs the page and passes every check. */
    @Override
    protected int challengeChecks() {
        return EnvironmentCheck.ALL;
    }

    @Override
    protected Step plan(String id) {
        if (!pendingAssets.isEmpty()) {
            String asset = pendingAssets.poll();
            // a browser fetches a page's assets in parallel; one after another with tiny gaps is close
            return new Step(random.nextDouble(0.002, 0.06),
                    get(id, asset, RequestKind.ofAsset(asset), origin + page, "same-origin"));
        }
        if (loginStage == 1) {
            return signIn(id);
        }
        String previous = page;
        String fetchSite;
        String referer;
        double think;
        if (previous == null) {
            boolean fromSearch = random.nextDouble() < 0.55;
            page = fromSearch ? landingFromSearch() : "/";
            fetchSite = fromSearch ? "cross-site" : "none";
            referer = fromSearch ? "https://www.google.com/" : null;
            if (variant == Variant.RETURNING && !fromSearch) {
                page = random.nextBoolean() ? "/" : SiteMap.listing(1 + random.nextInt(SiteMap.LISTING_PAGES));
            }
            think = 0;
        } else {
            page = nextPage(previous);
            if (movesAfterPages > 0 && --movesAfterPages == 0) {
                ip = random.nextBoolean() ? Addresses.mobileV6(random) : Addresses.residentialV4(random);
            }
            fetchSite = "same-origin";
            referer = origin + previous;
            think = variant == Variant.CONSOLE_TV ? logNormal(16, 0.8, 3, 240) : logNormal(9, 0.9, 1.2, 180);
        }
        if (page.equals("/login")) {
            loginStage = 1;
        }
        if (fetchesAssets) {
            for (String asset : SiteMap.assets(page)) {
                if (cached.add(asset)) {
                    pendingAssets.add(asset);
                }
            }
        }
        return new Step(think, get(id, page, RequestKind.DOCUMENT, referer, fetchSite));
    }

    @Override
    protected void observe(int status) {
        if (status == 200 && loginStage == 3) {
            loginStage = 2;
        } else if (status == 401 && loginStage == 3) {
            loginStage = 1; // types it again
        }
    }

    private Step signIn(String id) {
        String password = typo ? Accounts.password(account) + "1" : Accounts.password(account);
        typo = false;
        loginStage = 3;
        String body = "username=" + URLEncoder.encode(Accounts.username(account), StandardCharsets.UTF_8)
                + "&password=" + URLEncoder.encode(password, StandardCharsets.UTF_8);
        List<Header> headers = withApp(BrowserHeaders.of(browser, RequestKind.FORM_POST, context(origin + "/login", "same-origin"), secureContext()));
        page = "/login";
        return new Step(logNormal(12, 0.5, 4, 60), request(id, ip, fingerprint, protocol, "POST", "/login", headers, body));
    }

    private String nextPage(String current) {
        double r = random.nextDouble();
        if (account > 0 && loginStage == 0 && r < 0.2) {
            return "/login";
        }
        if (r < 0.28) {
            String q = SEARCHES[random.nextInt(SEARCHES.length)];
            return "/search?q=" + URLEncoder.encode(q, StandardCharsets.UTF_8);
        }
        List<String> links = SiteMap.links(current);
        String next;
        do {
            next = links.get(random.nextInt(links.size()));
        } while (next.equals("/login") && (account == 0 || loginStage != 0));
        return next;
    }

    private String landingFromSearch() {
        return random.nextBoolean() ? SiteMap.product(1 + random.nextInt(SiteMap.PRODUCTS))
                : SiteMap.post(1 + random.nextInt(SiteMap.POSTS));
    }

    private SimulatedRequest get(String id, String path, RequestKind kind, String referer, String fetchSite) {
        return request(id, ip, fingerprint, protocol, "GET", path, withApp(BrowserHeaders.of(browser, kind, context(referer, fetchSite), secureContext())), null);
    }

    /** An Android webview names its app in X-Requested-With, after the browser's own headers. */
    private List<Header> withApp(List<Header> headers) {
        if (requestedWith == null) {
            return headers;
        }
        List<Header> out = new java.util.ArrayList<>(headers);
        out.add(new Header("X-Requested-With", requestedWith));
        return out;
    }

    private BrowserHeaders.Context context(String referer, String fetchSite) {
        return new BrowserHeaders.Context(referer, fetchSite, cookies.header(), language, BrowserHeaders.brand(browser), origin);
    }
}
