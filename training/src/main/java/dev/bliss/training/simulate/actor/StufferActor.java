package dev.bliss.training.simulate.actor;

import dev.bliss.training.simulate.Header;
import dev.bliss.training.simulate.SimulatedRequest.Protocol;
import dev.bliss.training.simulate.identity.Addresses;
import dev.bliss.training.simulate.identity.Browser;
import dev.bliss.training.simulate.identity.BrowserCatalog;
import dev.bliss.training.simulate.identity.BrowserFamily;
import dev.bliss.training.simulate.identity.Ipv4Block;
import dev.bliss.training.simulate.identity.TlsClient;
import dev.bliss.training.simulate.site.Accounts;
import dev.bliss.training.simulate.site.SiteMap;
import java.net.URLEncoder;
import java.nio.charset.StandardCharsets;
import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.List;

/**
 * A credential-stuffing campaign: POST /login with pairs from a leaked list, spread over the exits
 * of a residential proxy network (many addresses in many /24s) so that no address sends much, but
 * every request carries the campaign's one TLS fingerprint. Most pairs fail (401); a few are
 * real accounts whose password was reused (200). Some campaigns load the form first, and some of
 * those its stylesheets, scripts and images too, as a tool built on a browser engine does. A
 * campaign on an imitation of Chrome's TLS (an impersonation library) sends Chrome's header set
 * with it, under a desktop Chrome user agent; the others their tool's own headers.
 *
 * <p>What gives it away: one JA4 over many addresses with a high 4xx ratio, in most campaigns
 * POSTs without the page and assets a person loads before signing in, and in those that load them
 * a form POSTed a moment after its page; a session cookie only in some campaigns, and in half of
 * the rotating ones that keep it, one session carried from exit to exit, from networks it was not
 * issued to.
 */
final class StufferActor extends Actor {

    private static final String DOCUMENT_ACCEPT = "text/html,application/xhtml+xml,application/xml;q=0.9,*/*;q=0.8";
    private static final String[] NAMES = {"john", "maria", "alex", "anna", "david", "laura", "mike", "sara", "peter",
            "julia", "chris", "emma", "tom", "nina", "paul", "lisa"};
    private static final String[] DOMAINS = {"gmail.com", "yahoo.com", "hotmail.com", "outlook.com", "web.de",
            "mail.ru", "aol.com", "icloud.com", "example.net"};
    private static final String[] PASSWORDS = {"123456", "password", "qwerty123", "iloveyou", "Summer2024!",
            "letmein", "football1", "Passw0rd", "welcome1", "dragon"};

    private final List<String> exits = new ArrayList<>();
    private final TlsClient.Fingerprint fingerprint;
    private final BrowserCatalog browsers;
    private final boolean rotatesAgent;
    private final boolean loadsForm;
    /** Chrome's TLS, so Chrome's header set and user agent too. */
    private final boolean impersonates;
    /** With the form, its assets (only when {@link #loadsForm}). */
    private final boolean loadsAssets;
    private final ArrayDeque<String> pendingAssets = new ArrayDeque<>();
    private final boolean sendsLanguage;
    private final double meanPause;
    private final boolean keepsSession;
    private final Protocol protocol;
    private Browser browser;
    private boolean formLoaded;
    /** The address of the last page request (assets come from it too). */
    private String lastIp;
    private int reused = -1; // the account whose leaked password the current attempt uses, or -1

    StufferActor(Identity identity, BrowserCatalog browsers) {
        this(identity, browsers, false);
    }

    /** A fresh exit address every 1–3 requests (the rest of this campaign's exits), when {@code rotates}. */
    private final boolean rotates;
    private String exit;
    private int leftOnExit;
    /** Whether a rotating campaign carries its session from exit to exit (set to the first, carried from all). */
    private final boolean jarAcrossExits;

    /**
     * @param rotates a residential proxy pool that hands out a new address every 1–3 requests, so
     *                that no address is ever seen twice for long: nothing per address to learn from
     */
    StufferActor(Identity identity, BrowserCatalog browsers, boolean rotates) {
        super(identity);
        this.rotates = rotates;
        this.browsers = browsers;
        int networks = 10 + random.nextInt(50);
        List<Ipv4Block> blocks = new ArrayList<>(networks);
        for (int i = 0; i < networks; i++) {
            blocks.add(Addresses.residentialBlock(random));
        }
        int addresses = networks * (2 + random.nextInt(5));
        for (int i = 0; i < addresses; i++) {
            exits.add(blocks.get(random.nextInt(networks)).pick(random));
        }
        double r = random.nextDouble();
        TlsClient stack = r < 0.4 ? TlsClient.GO : r < 0.75 ? TlsClient.PYTHON_REQUESTS : TlsClient.CHROME;
        this.fingerprint = stack.fingerprint(random);
        this.impersonates = stack == TlsClient.CHROME;
        this.rotatesAgent = random.nextDouble() < 0.4;
        this.loadsForm = random.nextDouble() < 0.3;
        this.loadsAssets = loadsForm && random.nextBoolean();
        this.sendsLanguage = random.nextDouble() < 0.5;
        this.meanPause = random.nextDouble(0.1, 0.8);
        // a campaign that loads the form keeps the session it gets; some keep one anyway
        this.keepsSession = loadsForm || random.nextDouble() < 0.2;
        this.protocol = stack == TlsClient.PYTHON_REQUESTS ? Protocol.HTTP_1_1 : Protocol.HTTP_2;
        this.browser = pickBrowser();
        // a script on one HTTP session object with the pool as its proxy (requests.Session, say)
        // keeps its cookie jar through every exit; the others start each exit afresh
        this.jarAcrossExits = rotates && keepsSession && random.nextBoolean();
    }

    private Browser pickBrowser() {
        return impersonates ? browsers.pickDesktop(BrowserFamily.CHROME, random) : browsers.pick(random);
    }

    @Override
    protected boolean keepsCookies() {
        return keepsSession;
    }

    @Override
    protected Step plan(String id) {
        if (!pendingAssets.isEmpty()) {
            // the form's assets, at once and from where the form was fetched, as its engine does
            String asset = pendingAssets.poll();
            List<Header> headers = headers(RequestKind.ofAsset(asset), "*/*", origin + "/login");
            return new Step(random.nextDouble(0.002, 0.03), request(id, lastIp, fingerprint, protocol, "GET", asset, headers, null));
        }
        if (rotatesAgent) {
            browser = pickBrowser();
        }
        if (rotates) {
            if (leftOnExit == 0) {
                exit = Addresses.residentialV4(random);
                leftOnExit = 1 + random.nextInt(3);
                if (!jarAcrossExits) {
                    cookies.clear();
                }
            }
            leftOnExit--;
            lastIp = exit;
        } else {
            lastIp = exits.get(random.nextInt(exits.size()));
        }
        if (loadsForm && !formLoaded) {
            formLoaded = true;
            if (loadsAssets) {
                pendingAssets.addAll(SiteMap.assets("/login"));
            }
            List<Header> headers = headers(RequestKind.DOCUMENT, DOCUMENT_ACCEPT, null);
            return new Step(exponential(meanPause), request(id, lastIp, fingerprint, protocol, "GET", "/login", headers, null));
        }
        formLoaded = false;
        List<Header> headers = headers(RequestKind.FORM_POST, DOCUMENT_ACCEPT, origin + "/login");
        String body = "username=" + URLEncoder.encode(username(), StandardCharsets.UTF_8) + "&password="
                + URLEncoder.encode(password(), StandardCharsets.UTF_8);
        return new Step(exponential(meanPause), request(id, lastIp, fingerprint, protocol, "POST", "/login", headers, body));
    }

    /**
     * The request's headers: Chrome's for an impersonating campaign (as a browser over HTTPS
     * sends them, whatever the scheme: a library replays its capture), else the tool's own, with
     * {@code accept}, the referer when there is one and, on a form POST, its Content-Type and Origin.
     */
    private List<Header> headers(RequestKind kind, String accept, String referer) {
        String cookie = cookies.header();
        if (impersonates) {
            BrowserHeaders.Context c = new BrowserHeaders.Context(referer, referer == null ? "none" : "same-origin", cookie,
                    "en-US,en;q=0.9", BrowserHeaders.brand(browser), origin);
            return BrowserHeaders.of(browser, kind, c);
        }
        List<Header> headers = new ArrayList<>(9);
        headers.add(new Header("User-Agent", browser.userAgent()));
        headers.add(new Header("Accept", accept));
        if (sendsLanguage) {
            headers.add(new Header("Accept-Language", "en-US,en;q=0.9"));
        }
        headers.add(new Header("Accept-Encoding", "gzip, deflate, br"));
        if (cookie != null) {
            headers.add(new Header("Cookie", cookie));
        }
        if (kind == RequestKind.FORM_POST) {
            headers.add(new Header("Content-Type", "application/x-www-form-urlencoded"));
            headers.add(new Header("Origin", origin));
        }
        if (referer != null) {
            headers.add(new Header("Referer", referer));
        }
        return headers;
    }

    private String username() {
        if (random.nextDouble() < 0.03) {
            // a real member who reused a leaked password
            reused = 1 + random.nextInt(Accounts.COUNT);
            return Accounts.username(reused);
        }
        reused = -1;
        return NAMES[random.nextInt(NAMES.length)] + "." + NAMES[random.nextInt(NAMES.length)]
                + random.nextInt(1000) + "@" + DOMAINS[random.nextInt(DOMAINS.length)];
    }

    private String password() {
        return reused > 0 ? Accounts.password(reused) : PASSWORDS[random.nextInt(PASSWORDS.length)] + random.nextInt(100);
    }
}
