package dev.bliss.training.simulate.actor;

import dev.bliss.training.simulate.Header;
import dev.bliss.training.simulate.SimulatedRequest.Protocol;
import dev.bliss.training.simulate.identity.Addresses;
import dev.bliss.training.simulate.identity.Browser;
import dev.bliss.training.simulate.identity.BrowserCatalog;
import dev.bliss.training.simulate.identity.BrowserFamily;
import dev.bliss.training.simulate.identity.Ipv4Block;
import dev.bliss.training.simulate.identity.TlsClient;
import dev.bliss.training.simulate.site.SiteMap;
import java.util.ArrayList;
import java.util.List;

/**
 * A scraping campaign: a few addresses in one hosting network, one HTTP library (one TLS
 * fingerprint) behind a user agent rotated among browsers', a high rate, product and
 * listing pages walked in order with search queries and dead ids in between, no assets.
 *
 * <p>Styles: a Python or Go script with its library's sparse headers (most without
 * Accept-Language); a browser-impersonating stack (Chrome's JA4, Chrome's full header set, HTTP/2)
 * whose single requests look like a person's; a few with the library's own user agent; a few
 * claiming to be Googlebot from their hosting network (the plugin's fake-crawler detection). Go
 * and the impersonators speak HTTP/2 (Go's client negotiates it over TLS by default), Python's
 * requests HTTP/1.1. Many keep a session (requests.Session and its kin store cookies), so a
 * Cookie header alone does not tell them from a person.
 */
final class ScraperActor extends Actor {

    private enum Style { PYTHON, GO, IMPERSONATOR, TOOL_AGENT, FAKE_GOOGLEBOT }

    private static final String[] QUERIES = {"price", "discount", "shoes size 42", "jacket men", "laptop bag",
            "cheap headphones", "best seller", "new arrivals", "outlet", "in stock"};

    private final Style style;
    private final List<String> ips = new ArrayList<>();
    private final TlsClient.Fingerprint fingerprint;
    private final BrowserCatalog browsers;
    private final double meanPause;
    private final int rotateEvery;
    private final boolean sendsLanguage;
    private final boolean keepsSession;
    private final Protocol protocol;
    private Browser browser;
    private int cursor;

    ScraperActor(Identity identity, BrowserCatalog browsers) {
        super(identity);
        this.browsers = browsers;
        double r = random.nextDouble();
        this.style = r < 0.35 ? Style.PYTHON : r < 0.55 ? Style.GO : r < 0.87 ? Style.IMPERSONATOR
                : r < 0.95 ? Style.TOOL_AGENT : Style.FAKE_GOOGLEBOT;
        Ipv4Block network = Addresses.hostingBlock(random);
        int addresses = 1 + random.nextInt(4);
        for (int i = 0; i < addresses; i++) {
            ips.add(network.pick(random));
        }
        TlsClient stack = switch (style) {
            case PYTHON, TOOL_AGENT -> TlsClient.PYTHON_REQUESTS;
            case GO, FAKE_GOOGLEBOT -> TlsClient.GO;
            case IMPERSONATOR -> TlsClient.CHROME;
        };
        // an impersonating stack replays one captured ClientHello: one JA3 as well as one JA4
        this.fingerprint = stack.fingerprint(random);
        this.meanPause = random.nextDouble(0.05, 0.6);
        this.rotateEvery = 1 + random.nextInt(5);
        this.sendsLanguage = style == Style.IMPERSONATOR || random.nextDouble() < 0.15;
        this.keepsSession = random.nextDouble() < (style == Style.IMPERSONATOR ? 0.7 : 0.4);
        this.protocol = stack == TlsClient.PYTHON_REQUESTS ? Protocol.HTTP_1_1 : Protocol.HTTP_2;
        this.cursor = random.nextInt(SiteMap.PRODUCTS);
    }

    @Override
    protected boolean keepsCookies() {
        return keepsSession;
    }

    @Override
    protected Step plan(String id) {
        if (browser == null || random.nextInt(rotateEvery) == 0) {
            browser = style == Style.IMPERSONATOR ? browsers.pick(BrowserFamily.CHROME, random) : browsers.pick(random);
        }
        String path = nextPath();
        List<Header> headers = switch (style) {
            // the listing as Referer, as if each product were clicked from it
            case IMPERSONATOR -> random.nextDouble() < 0.85
                    ? BrowserHeaders.of(browser, RequestKind.DOCUMENT, new BrowserHeaders.Context(origin + "/products",
                            "same-origin", cookies.header(), "en-US,en;q=0.9", BrowserHeaders.brand(browser), origin))
                    : BrowserHeaders.of(browser, RequestKind.DOCUMENT, new BrowserHeaders.Context(null, "none",
                            cookies.header(), "en-US,en;q=0.9", BrowserHeaders.brand(browser), origin));
            case GO -> goHeaders(browser.userAgent());
            case TOOL_AGENT -> pythonHeaders("python-requests/2.32." + (3 + random.nextInt(2)));
            case FAKE_GOOGLEBOT -> goHeaders("Mozilla/5.0 (compatible; Googlebot/2.1; +http://www.google.com/bot.html)");
            case PYTHON -> pythonHeaders(browser.userAgent());
        };
        String ip = ips.get(random.nextInt(ips.size()));
        return new Step(exponential(meanPause), request(id, ip, fingerprint, protocol, "GET", path, headers, null));
    }

    private String nextPath() {
        double r = random.nextDouble();
        if (r < 0.08) {
            return "/search?q=" + QUERIES[random.nextInt(QUERIES.length)].replace(' ', '+') + "&sort=price_asc&page="
                    + (1 + random.nextInt(5)) + "&per_page=100";
        }
        if (r < 0.2) {
            return SiteMap.listing(1 + random.nextInt(SiteMap.LISTING_PAGES));
        }
        if (r < 0.27) {
            // ids past the catalogue: the script does not know where it ends
            return SiteMap.product(SiteMap.PRODUCTS + 1 + random.nextInt(2000));
        }
        cursor = cursor % SiteMap.PRODUCTS + 1;
        return SiteMap.product(cursor);
    }

    private List<Header> pythonHeaders(String userAgent) {
        List<Header> h = new ArrayList<>(5);
        h.add(new Header("User-Agent", userAgent));
        h.add(new Header("Accept-Encoding", "gzip, deflate"));
        h.add(new Header("Accept", random.nextDouble() < 0.7 ? "*/*"
                : "text/html,application/xhtml+xml,application/xml;q=0.9,*/*;q=0.8"));
        if (sendsLanguage) {
            h.add(new Header("Accept-Language", "en-US,en;q=0.9"));
        }
        addCookie(h);
        return h;
    }

    private void addCookie(List<Header> h) {
        String cookie = cookies.header();
        if (cookie != null) {
            h.add(new Header("Cookie", cookie));
        }
    }

    private List<Header> goHeaders(String userAgent) {
        List<Header> h = new ArrayList<>(4);
        h.add(new Header("User-Agent", userAgent));
        h.add(new Header("Accept", "text/html,application/xhtml+xml,application/xml;q=0.9,*/*;q=0.8"));
        if (sendsLanguage) {
            h.add(new Header("Accept-Language", "en-US,en;q=0.9"));
        }
        addCookie(h);
        h.add(new Header("Accept-Encoding", "gzip"));
        return h;
    }
}
