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
import java.net.URLEncoder;
import java.nio.charset.StandardCharsets;
import java.util.ArrayDeque;
import java.util.List;

/**
 * A credential stuffer that loads the login page like a browser before each attempt: the form,
 * its stylesheet, scripts and images, then the POST, all with Chrome's headers (an impersonation
 * library: Chrome's TLS in most campaigns, Go's in the rest), from a fresh residential exit per
 * attempt. Written to defeat a per-address static-asset ratio: every address looks like a person
 * who opened the page and signed in.
 *
 * <p>What is left to see: the pace (form to POST in a second or two, every time), a 401 on
 * nearly every attempt, one JA4 and one header order over thousands of addresses, and, in the
 * Go campaigns, a Chrome user agent on a stack that is not Chrome's.
 */
final class AssetStufferActor extends Actor {

    private final BrowserCatalog browsers;
    private final TlsClient.Fingerprint fingerprint;
    private final Protocol protocol;
    private final ArrayDeque<String> pendingAssets = new ArrayDeque<>();
    private Browser browser;
    private String ip;
    private int stage; // 0 form next, 1 assets, 2 POST next

    AssetStufferActor(Identity identity, BrowserCatalog browsers) {
        super(identity);
        this.browsers = browsers;
        TlsClient stack = random.nextDouble() < 0.7 ? TlsClient.CHROME : TlsClient.GO;
        this.fingerprint = stack.fingerprint(random);
        this.protocol = Protocol.HTTP_2;
        this.browser = chrome();
    }

    private Browser chrome() {
        return browsers.pickDesktop(BrowserFamily.CHROME, random);
    }

    @Override
    protected boolean keepsCookies() {
        return true;
    }

    @Override
    protected Step plan(String id) {
        if (stage == 0) {
            ip = Addresses.residentialV4(random);
            cookies.clear();
            if (random.nextDouble() < 0.3) {
                browser = chrome();
            }
            pendingAssets.addAll(SiteMap.assets("/login"));
            stage = pendingAssets.isEmpty() ? 2 : 1;
            return new Step(exponential(1.5), get(id, "/login", RequestKind.DOCUMENT, null, "none"));
        }
        if (stage == 1) {
            String asset = pendingAssets.poll();
            if (pendingAssets.isEmpty()) {
                stage = 2;
            }
            return new Step(random.nextDouble(0.002, 0.03), get(id, asset, RequestKind.ofAsset(asset), origin + "/login", "same-origin"));
        }
        stage = 0;
        BrowserHeaders.Context c = new BrowserHeaders.Context(origin + "/login", "same-origin", cookies.header(),
                "en-US,en;q=0.9", BrowserHeaders.brand(browser), origin);
        List<Header> headers = BrowserHeaders.of(browser, RequestKind.FORM_POST, c);
        String body = "username=" + URLEncoder.encode("user" + random.nextInt(1_000_000) + "@example.com", StandardCharsets.UTF_8)
                + "&password=" + URLEncoder.encode("pass" + random.nextInt(100_000), StandardCharsets.UTF_8);
        return new Step(random.nextDouble(0.8, 2.5), request(id, ip, fingerprint, protocol, "POST", "/login", headers, body));
    }

    private SimulatedRequest get(String id, String path, RequestKind kind, String referer, String fetchSite) {
        BrowserHeaders.Context c = new BrowserHeaders.Context(referer, fetchSite, cookies.header(), "en-US,en;q=0.9",
                BrowserHeaders.brand(browser), origin);
        return request(id, ip, fingerprint, protocol, "GET", path, BrowserHeaders.of(browser, kind, c), null);
    }
}
