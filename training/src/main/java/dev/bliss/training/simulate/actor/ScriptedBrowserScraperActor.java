package dev.bliss.training.simulate.actor;

import dev.bliss.training.simulate.Header;
import dev.bliss.training.simulate.SimulatedRequest;
import dev.bliss.training.simulate.SimulatedRequest.Protocol;
import dev.bliss.training.simulate.identity.Addresses;
import dev.bliss.training.simulate.identity.Browser;
import dev.bliss.training.simulate.identity.BrowserCatalog;
import dev.bliss.training.simulate.identity.BrowserFamily;
import dev.bliss.training.simulate.identity.TlsClient;
import dev.bliss.training.simulate.site.SiteMap;
import java.util.ArrayList;
import java.util.List;

/**
 * Scrapers that copy a browser's request, each in one way, for the populations that fight back:
 *
 * <ul>
 *   <li>{@link Style#UA_ROTATOR}: its own TLS stack (Go, Python or curl) under browser header sets
 *       copied per user agent, the user agent rotated on every request, from a handful of hosting
 *       addresses: one JA4 that collects many requests and many user agents.
 *   <li>{@link Style#FAST}: a browser impersonator (Chrome's TLS and Chrome's full header set)
 *       reading 3–10 pages a second, some of them with their assets, cookies kept.
 *   <li>{@link Style#SLOW}: one page every 20–120 s, under any rate limit, for hours; a browser
 *       user agent over Python's headers and TLS, or over an impersonator's.
 * </ul>
 */
final class ScriptedBrowserScraperActor extends Actor {

    enum Style { UA_ROTATOR, FAST, SLOW }

    private final Style style;
    private final BrowserCatalog browsers;
    private final TlsClient.Fingerprint fingerprint;
    private final boolean impersonates;
    private final Protocol protocol;
    private final List<String> addresses = new ArrayList<>();
    private final boolean fetchesAssets;
    private final java.util.ArrayDeque<String> pendingAssets = new java.util.ArrayDeque<>();
    private Browser browser;
    private String page;
    private int cursor;

    ScriptedBrowserScraperActor(Identity identity, BrowserCatalog browsers, Style style) {
        super(identity);
        this.style = style;
        this.browsers = browsers;
        TlsClient stack = switch (style) {
            case UA_ROTATOR -> new TlsClient[] {TlsClient.GO, TlsClient.PYTHON_REQUESTS, TlsClient.CURL}[random.nextInt(3)];
            case FAST -> TlsClient.CHROME;
            case SLOW -> random.nextBoolean() ? TlsClient.PYTHON_REQUESTS : TlsClient.CHROME;
        };
        this.impersonates = stack == TlsClient.CHROME;
        this.fingerprint = stack.fingerprint(random);
        this.protocol = stack == TlsClient.PYTHON_REQUESTS ? Protocol.HTTP_1_1 : Protocol.HTTP_2;
        int count = switch (style) {
            case UA_ROTATOR -> 3 + random.nextInt(18);
            case FAST -> 1 + random.nextInt(2);
            case SLOW -> 1;
        };
        boolean residential = style == Style.SLOW && random.nextDouble() < 0.5;
        var block = Addresses.hostingBlock(random);
        for (int i = 0; i < count; i++) {
            addresses.add(residential ? Addresses.residentialV4(random) : block.pick(random));
        }
        this.fetchesAssets = style == Style.FAST && random.nextDouble() < 0.3;
        this.browser = impersonates ? browsers.pickDesktop(BrowserFamily.CHROME, random) : browsers.pick(random);
        this.cursor = random.nextInt(SiteMap.PRODUCTS);
    }

    @Override
    protected boolean keepsCookies() {
        return style != Style.UA_ROTATOR;
    }

    @Override
    protected Step plan(String id) {
        String ip = addresses.get(random.nextInt(addresses.size()));
        if (!pendingAssets.isEmpty()) {
            String asset = pendingAssets.poll();
            return new Step(0.003, get(id, ip, asset, RequestKind.ofAsset(asset), origin + page));
        }
        if (style == Style.UA_ROTATOR) {
            browser = browsers.pick(random);
        }
        String previous = page;
        if (previous == null || random.nextDouble() < 0.1) {
            page = SiteMap.listing(1 + random.nextInt(SiteMap.LISTING_PAGES));
        } else {
            cursor = cursor % SiteMap.PRODUCTS + 1;
            page = SiteMap.product(cursor);
        }
        if (fetchesAssets) {
            pendingAssets.addAll(SiteMap.assets(page));
        }
        double pause = previous == null ? 0 : switch (style) {
            case UA_ROTATOR -> random.nextDouble(0.3, 3);
            case FAST -> random.nextDouble(0.1, 0.33);
            case SLOW -> random.nextDouble(20, 120);
        };
        return new Step(pause, get(id, ip, page, RequestKind.DOCUMENT, previous == null ? null : origin + previous));
    }

    private SimulatedRequest get(String id, String ip, String path, RequestKind kind, String referer) {
        List<Header> headers;
        if (impersonates || style == Style.UA_ROTATOR) {
            BrowserHeaders.Context c = new BrowserHeaders.Context(referer, referer == null ? "none" : "same-origin",
                    cookies.header(), "en-US,en;q=0.9", BrowserHeaders.brand(browser), origin);
            headers = BrowserHeaders.of(browser, kind, c);
        } else {
            // python-requests' own header set and order, with a browser's user agent put in
            headers = new ArrayList<>(List.of(new Header("User-Agent", browser.userAgent()),
                    new Header("Accept-Encoding", "gzip, deflate"), new Header("Accept", "*/*")));
            String cookie = cookies.header();
            if (cookie != null) {
                headers.add(new Header("Cookie", cookie));
            }
        }
        return request(id, ip, fingerprint, protocol, "GET", path, headers, null);
    }
}
