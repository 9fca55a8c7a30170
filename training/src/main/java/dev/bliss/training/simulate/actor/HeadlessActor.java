package dev.bliss.training.simulate.actor;

import dev.bliss.challenge.EnvironmentCheck;
import dev.bliss.training.simulate.SimulatedRequest;
import dev.bliss.training.simulate.SimulatedRequest.Protocol;
import dev.bliss.training.simulate.identity.Addresses;
import dev.bliss.training.simulate.identity.Browser;
import dev.bliss.training.simulate.identity.BrowserCatalog;
import dev.bliss.training.simulate.identity.BrowserFamily;
import dev.bliss.training.simulate.identity.TlsClient;
import dev.bliss.training.simulate.site.SiteMap;
import java.util.ArrayDeque;

/**
 * A headless Chrome driven by a script (Puppeteer, Playwright, Selenium): real Chrome headers and
 * TLS, cookies kept, but pages visited on a timer (a wait with a spread of its own: a low page
 * inter-arrival CV), many pages from one address, product pages in catalogue order. Automation
 * markers only sometimes: "HeadlessChrome" in the user agent and client hints, or no
 * Accept-Language (old headless mode); the rest look like Chrome on their own. Many block images
 * and styles to save bandwidth.
 *
 * <p>A script's pace and jitter are its author's choice, so each actor draws its own from a wide
 * range rather than one typical value: what gives a timer away is that the wait is regular, not
 * how long it is, and a model should learn that from any population of scripted browsers.
 */
final class HeadlessActor extends Actor {

    private final String ip;
    private final Browser browser;
    private final String brand;
    private final String language;
    private final TlsClient.Fingerprint fingerprint;
    private final Protocol protocol;
    private final double interval;
    /** The script's jitter: each wait is the interval times 1 ± this (a fixed sleep, or a randomised one). */
    private final double jitter;
    private final boolean fetchesAssets;
    private final boolean navigatesByUrl;
    private final int challengeChecks;
    private final ArrayDeque<String> pendingAssets = new ArrayDeque<>();
    private String page;
    private int cursor;

    HeadlessActor(Identity identity, BrowserCatalog browsers) {
        this(identity, browsers, false);
    }

    /**
     * @param disguised real-browser automation that hides it: a normal Chrome user agent and client
     *                  hints, Accept-Language always, every page's assets loaded, links followed
     *                  (Referer) and a page every 0.3–4 s (15–200 pages a minute): what a
     *                  Puppeteer or Playwright scraper with its user agent changed sends
     */
    HeadlessActor(Identity identity, BrowserCatalog browsers, boolean disguised) {
        super(identity);
        Browser chrome = browsers.pickDesktop(BrowserFamily.CHROME, random);
        boolean marked = !disguised && random.nextDouble() < 0.3;
        this.browser = marked
                ? new Browser(chrome.family(), chrome.platform(), chrome.version(), chrome.userAgent().replace("Chrome/", "HeadlessChrome/"))
                : chrome;
        this.brand = marked ? "HeadlessChrome" : BrowserHeaders.brand(chrome);
        this.language = !disguised && random.nextDouble() < 0.25 ? null : "en-US,en;q=0.9";
        this.ip = random.nextDouble() < 0.75 ? Addresses.hostingBlock(random).pick(random) : Addresses.residentialV4(random);
        this.fingerprint = TlsClient.CHROME.fingerprint(random);
        // Chrome speaks HTTP/2 to any TLS server; as with people, some balancers downgrade
        this.protocol = random.nextDouble() < 0.8 ? Protocol.HTTP_2 : Protocol.HTTP_1_1;
        this.interval = disguised ? random.nextDouble(0.3, 4) : random.nextDouble(0.6, 4);
        this.jitter = random.nextDouble(0.02, 0.4);
        this.fetchesAssets = disguised || random.nextDouble() < 0.5;
        this.navigatesByUrl = !disguised && random.nextDouble() < 0.5;
        this.cursor = random.nextInt(SiteMap.PRODUCTS);
        // a challenge page runs like any page in the driven browser: navigator.webdriver is true
        // unless a stealth plugin hides it, which disguised automation uses with its user agent
        int checks = disguised ? EnvironmentCheck.ALL : EnvironmentCheck.ALL & ~EnvironmentCheck.WEBDRIVER.bit();
        this.challengeChecks = marked ? checks & ~EnvironmentCheck.HEADLESS.bit() : checks;
    }

    @Override
    protected int challengeChecks() {
        return challengeChecks;
    }

    @Override
    protected boolean keepsCookies() {
        return true;
    }

    @Override
    protected Step plan(String id) {
        if (!pendingAssets.isEmpty()) {
            String asset = pendingAssets.poll();
            return new Step(0.004, get(id, asset, RequestKind.ofAsset(asset), origin + page, "same-origin"));
        }
        String previous = page;
        double r = random.nextDouble();
        if (previous == null) {
            page = "/";
        } else if (r < 0.15) {
            page = SiteMap.listing(1 + random.nextInt(SiteMap.LISTING_PAGES));
        } else {
            cursor = cursor % SiteMap.PRODUCTS + 1;
            page = SiteMap.product(cursor);
        }
        if (fetchesAssets) {
            pendingAssets.addAll(SiteMap.assets(page));
        }
        // the script's timer: its wait, give or take its jitter and the page's load time
        double pause = previous == null ? 0 : interval * random.nextDouble(1 - jitter, 1 + jitter);
        // page.goto(url) navigates like a typed URL: no Referer, Sec-Fetch-Site none
        boolean typed = previous == null || navigatesByUrl;
        return new Step(pause, get(id, page, RequestKind.DOCUMENT, typed ? null : origin + previous,
                typed ? "none" : "same-origin"));
    }

    private SimulatedRequest get(String id, String path, RequestKind kind, String referer, String fetchSite) {
        BrowserHeaders.Context c = new BrowserHeaders.Context(referer, fetchSite, cookies.header(), language, brand, origin);
        return request(id, ip, fingerprint, protocol, "GET", path, BrowserHeaders.of(browser, kind, c, secureContext()), null);
    }
}
