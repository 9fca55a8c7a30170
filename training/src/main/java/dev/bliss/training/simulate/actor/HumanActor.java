package dev.bliss.training.simulate.actor;

import dev.bliss.training.simulate.Header;
import dev.bliss.training.simulate.SimulatedRequest;
import dev.bliss.training.simulate.SimulatedRequest.Protocol;
import dev.bliss.training.simulate.identity.Browser;
import dev.bliss.training.simulate.identity.BrowserCatalog;
import dev.bliss.training.simulate.identity.TlsClient;
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

    private static final String[] SEARCHES = {"running shoes", "rain jacket", "headphones", "desk lamp", "backpack",
            "coffee grinder", "gift ideas", "wool socks", "phone case", "water bottle", "sale", "kids bike"};

    private final String ip;
    private final Browser browser;
    private final TlsClient.Fingerprint fingerprint;
    private final Protocol protocol;
    private final String language;
    private final int account;
    private final ArrayDeque<String> pendingAssets = new ArrayDeque<>();
    private final Set<String> cached = new HashSet<>();
    private String page;
    private int loginStage; // 0 not yet, 1 form shown, 3 credentials sent, 2 signed in
    private boolean typo;

    HumanActor(Identity identity, String ip, BrowserCatalog browsers) {
        super(identity);
        this.ip = ip;
        this.browser = browsers.pick(random);
        this.fingerprint = browser.family().tls().fingerprint(random);
        // browsers speak HTTP/2 to any balancer that offers it; a share of networks still downgrades
        this.protocol = random.nextDouble() < 0.8 ? Protocol.HTTP_2 : Protocol.HTTP_1_1;
        this.language = Languages.pick(browser.family(), random);
        this.account = random.nextDouble() < 0.25 ? 1 + random.nextInt(Accounts.COUNT) : 0;
        this.typo = random.nextDouble() < 0.15;
    }

    @Override
    protected boolean keepsCookies() {
        return true;
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
            think = 0;
        } else {
            page = nextPage(previous);
            fetchSite = "same-origin";
            referer = origin + previous;
            think = logNormal(9, 0.9, 1.2, 180);
        }
        if (page.equals("/login")) {
            loginStage = 1;
        }
        for (String asset : SiteMap.assets(page)) {
            if (cached.add(asset)) {
                pendingAssets.add(asset);
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
        List<Header> headers = BrowserHeaders.of(browser, RequestKind.FORM_POST, context(origin + "/login", "same-origin"));
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
        return request(id, ip, fingerprint, protocol, "GET", path, BrowserHeaders.of(browser, kind, context(referer, fetchSite)), null);
    }

    private BrowserHeaders.Context context(String referer, String fetchSite) {
        return new BrowserHeaders.Context(referer, fetchSite, cookies.header(), language, BrowserHeaders.brand(browser), origin);
    }
}
