package dev.bliss.bot.consistency;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.sun.management.ThreadMXBean;
import dev.bliss.bot.heuristics.ShippedFiles;
import dev.bliss.config.yaml.YamlConfigReader;
import dev.bliss.plugin.SyntheticRequest;
import dev.bliss.plugin.config.ConfigException;
import java.lang.management.ManagementFactory;
import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The four consistency checks on requests as browsers and tools send them: a real Chrome, Firefox
 * and Safari agree on all four (old versions by their own behaviour); a script with a Chrome user
 * agent disagrees where it cuts corners; a non-browser claims nothing. Allocation-free.
 */
class ClientConsistencyTest {

    static final String CHROME_UA = "Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) "
            + "Chrome/146.0.0.0 Safari/537.36";
    static final String CHROME_JA4 = "t13d1516h2_8daaf6152771_02713d6af862";
    static final String GO_JA4 = "t13d1710h2_5b57614c22b0_62fa935d1d43";

    private static final TlsStacks STACKS = ShippedFiles.heuristics().tlsStacks();

    static SyntheticRequest chrome(String ua, int major, String dest) {
        boolean navigate = dest.equals("document");
        SyntheticRequest r = new SyntheticRequest().path(navigate ? "/products/7" : "/static/site.css")
                .header("sec-ch-ua", "\"Chromium\";v=\"" + major + "\", \"Google Chrome\";v=\"" + major + "\", \"Not_A Brand\";v=\"99\"")
                .header("sec-ch-ua-mobile", "?0").header("sec-ch-ua-platform", "\"Windows\"")
                .header("upgrade-insecure-requests", "1").header("user-agent", ua)
                .header("accept", navigate ? "text/html,*/*;q=0.8" : "text/css,*/*;q=0.1")
                .header("sec-fetch-site", "same-origin").header("sec-fetch-mode", navigate ? "navigate" : "no-cors")
                .header("sec-fetch-dest", dest).header("accept-encoding", "gzip, deflate, br, zstd")
                .header("accept-language", "en-US,en;q=0.9");
        return r;
    }

    private static ClientConsistency check(SyntheticRequest r, String ja4, boolean statics) {
        return new ClientConsistency(STACKS).evaluate(r, r.header("user-agent"), ja4, statics);
    }

    private static void assertAll(float expected, ClientConsistency c, String what) {
        assertEquals(expected, c.tls(), what + ": tls");
        assertEquals(expected, c.clientHints(), what + ": client hints");
        assertEquals(expected, c.fetchMetadata(), what + ": fetch metadata");
        assertEquals(expected, c.headerOrder(), what + ": header order");
    }

    @Test
    void shouldAgreeForRealBrowsers() {
        assertAll(1f, check(chrome(CHROME_UA, 146, "document"), CHROME_JA4, false), "Chrome, a page");
        assertAll(1f, check(chrome(CHROME_UA, 146, "style"), CHROME_JA4, true), "Chrome, a stylesheet");
        SyntheticRequest firefox = new SyntheticRequest().path("/")
                .header("user-agent", "Mozilla/5.0 (X11; Linux x86_64; rv:146.0) Gecko/20100101 Firefox/146.0")
                .header("accept", "text/html,*/*;q=0.8").header("accept-language", "en-US,en;q=0.5")
                .header("accept-encoding", "gzip, deflate, br, zstd").header("sec-fetch-dest", "document")
                .header("sec-fetch-mode", "navigate").header("sec-fetch-site", "none");
        assertAll(1f, check(firefox, "t13d1717h2_5b57614c22b0_3cbfd9057e0d", false), "Firefox");
        SyntheticRequest safari = new SyntheticRequest().path("/")
                .header("accept", "text/html,*/*;q=0.8").header("sec-fetch-site", "none").header("sec-fetch-dest", "document")
                .header("accept-language", "en-GB,en;q=0.9").header("sec-fetch-mode", "navigate")
                .header("user-agent", "Mozilla/5.0 (iPhone; CPU iPhone OS 18_6 like Mac OS X) AppleWebKit/605.1.15 "
                        + "(KHTML, like Gecko) Version/18.6 Mobile/15E148 Safari/604.1")
                .header("accept-encoding", "gzip, deflate, br");
        assertAll(1f, check(safari, "t13d2014h2_a09f3c656075_14788d8d241b", false), "Safari on iOS");
        // Chrome 75 sent neither client hints nor fetch metadata: their absence agrees
        SyntheticRequest old = new SyntheticRequest().path("/").header("upgrade-insecure-requests", "1")
                .header("user-agent", CHROME_UA.replace("146.0.0.0", "75.0.3770.142"))
                .header("accept", "text/html,*/*;q=0.8").header("accept-encoding", "gzip, deflate, br")
                .header("accept-language", "en-US,en;q=0.9");
        assertAll(1f, check(old, CHROME_JA4, false), "Chrome 75");
    }

    @Test
    void shouldDisagreeWhereAScriptCutsCorners() {
        ClientConsistency goWithChromeUa = check(new SyntheticRequest().path("/login").header("user-agent", CHROME_UA)
                .header("accept-encoding", "gzip").header("accept", "*/*"), GO_JA4, false);
        assertEquals(0f, goWithChromeUa.tls(), "a Chrome user agent over Go's TLS");
        assertEquals(0f, goWithChromeUa.clientHints(), "Chrome 146 without sec-ch-ua");
        assertEquals(0f, goWithChromeUa.fetchMetadata(), "Chrome 146 without Sec-Fetch-*");
        assertEquals(0f, goWithChromeUa.headerOrder(), "Accept-Encoding before Accept");
        assertTrue(goWithChromeUa.anyDisagrees());

        assertEquals(0.5f, check(chrome(CHROME_UA, 146, "document"), "t13d1813h2_0123456789ab_0123456789ab", false).tls(),
                "an unlisted stack: cannot tell");
        assertEquals(0f, check(chrome(CHROME_UA, 131, "document"), CHROME_JA4, false).clientHints(),
                "sec-ch-ua's version is not the user agent's");
        assertEquals(0f, check(chrome(CHROME_UA, 146, "document"), CHROME_JA4, true).fetchMetadata(),
                "a stylesheet fetched as a document");
        assertEquals(0f, check(chrome(CHROME_UA, 146, "image"), CHROME_JA4, false).fetchMetadata(),
                "a page fetched as an image");
        SyntheticRequest firefoxWithHints = new SyntheticRequest().path("/")
                .header("user-agent", "Mozilla/5.0 (X11; Linux x86_64; rv:146.0) Gecko/20100101 Firefox/146.0")
                .header("sec-ch-ua", "\"Chromium\";v=\"146\"").header("accept", "*/*").header("accept-encoding", "gzip");
        assertEquals(0f, check(firefoxWithHints, null, false).clientHints(), "Firefox sends no client hints");
        assertEquals(-1f, check(firefoxWithHints, null, false).tls(), "no JA4");
    }

    /** Chrome 146's page load as it sends it to a site that is not a secure context: no hints, no Sec-Fetch-*. */
    private static SyntheticRequest chromeOverPlainHttp() {
        return new SyntheticRequest().path("/products/7").host("shop.example").header("upgrade-insecure-requests", "1")
                .header("user-agent", CHROME_UA).header("accept", "text/html,*/*;q=0.8")
                .header("accept-encoding", "gzip, deflate").header("accept-language", "en-US,en;q=0.9");
    }

    @Test
    void shouldExpectClientHintsAndFetchMetadataOnlyFromSecureContexts() {
        ClientConsistency plain = check(chromeOverPlainHttp(), null, false);
        assertEquals(1f, plain.clientHints(), "plain HTTP: Chrome sends no client hints there");
        assertEquals(1f, plain.fetchMetadata(), "plain HTTP: nor Sec-Fetch-*");
        assertEquals(-1f, plain.tls(), "no JA4 without TLS");

        SyntheticRequest copied = chrome(CHROME_UA, 146, "document").host("shop.example");
        assertEquals(0f, check(copied, null, false).clientHints(), "an HTTPS capture's hints replayed over plain HTTP");
        assertEquals(0f, check(copied, null, false).fetchMetadata(), "and its Sec-Fetch-*");

        SyntheticRequest tls = chromeOverPlainHttp().tls(true);
        assertEquals(0f, check(tls, null, false).clientHints(), "over TLS a Chrome 146 sends them");
        SyntheticRequest balancedHttps = chromeOverPlainHttp().fromTrustedProxy(true).header("x-forwarded-proto", "https");
        assertEquals(0f, check(balancedHttps, null, false).fetchMetadata(), "TLS ended at the trusted balancer");
        SyntheticRequest balancedHttp = chromeOverPlainHttp().fromTrustedProxy(true).header("X-Forwarded-Proto", "http");
        assertEquals(1f, check(balancedHttp, null, false).fetchMetadata(), "plain HTTP at the trusted balancer");
        SyntheticRequest untrustedHttps = chromeOverPlainHttp().header("x-forwarded-proto", "https");
        assertEquals(1f, check(untrustedHttps, null, false).fetchMetadata(), "X-Forwarded-Proto from the client itself");
        SyntheticRequest unsaid = chromeOverPlainHttp().fromTrustedProxy(true);
        assertEquals(1f, check(unsaid, null, false).clientHints(), "a balancer that does not say: absence not held against it");
        assertEquals(1f, check(chrome(CHROME_UA, 146, "document").host("shop.example").fromTrustedProxy(true), null, false)
                .clientHints(), "nor presence");

        SyntheticRequest local = chromeOverPlainHttp().host("localhost:8080");
        assertEquals(0f, check(local, null, false).clientHints(), "loopback is a secure context over plain HTTP too");
        assertEquals(1f, check(chrome(CHROME_UA, 146, "document").host("127.0.0.1:8080"), null, false).fetchMetadata(),
                "so Chrome sends them there");
    }

    @Test
    void shouldKnowTheLoopbackHostsBrowsersTrust() {
        for (String host : new String[] {"localhost", "localhost:8080", "app.localhost", "LocalHost.", "127.0.0.1",
            "127.12.0.254:80", "[::1]", "[::1]:8443"}) {
            assertTrue(SecureContext.isLoopback(host), host);
        }
        for (String host : new String[] {"notlocalhost", "localhost.example", "128.0.0.1", "127.0.0.1.example", "127.0.0",
            "127.0.0.1234", "[::2]", "[::12]", "", "example.com:443"}) {
            assertFalse(SecureContext.isLoopback(host), host);
        }
        assertFalse(SecureContext.isLoopback(null));
    }

    @Test
    void shouldClaimNothingForANonBrowser() {
        assertAll(-1f, check(new SyntheticRequest().header("user-agent", "python-requests/2.32.3"), GO_JA4, false),
                "python-requests");
        assertAll(-1f, check(new SyntheticRequest(), null, false), "no user agent");
    }

    @Test
    void shouldRejectBadStacksWithTheirPosition(@TempDir Path dir) throws Exception {
        Path file = dir.resolve("h.yaml");
        Files.writeString(file, "tls_stacks:\n  - {ja4: t13d1516h2_8daaf6152771, family: chromium}\n  - {ja4: t13d15, family: chromium}\n");
        ConfigException e = assertThrows(ConfigException.class, () -> TlsStacks.load(YamlConfigReader.read(file)));
        assertTrue(e.getMessage().contains(":3:") && e.getMessage().contains("tls_stacks[1].ja4"), e.getMessage());
        Files.writeString(file, "tls_stacks:\n  - {ja4: t13d1516h2_8daaf6152771, family: opera}\n");
        e = assertThrows(ConfigException.class, () -> TlsStacks.load(YamlConfigReader.read(file)));
        assertTrue(e.getMessage().contains("family"), e.getMessage());
    }

    @Test
    void shouldAllocateNothing() {
        ThreadMXBean threads = (ThreadMXBean) ManagementFactory.getThreadMXBean();
        SyntheticRequest[] requests = {chrome(CHROME_UA, 146, "document"), chrome(CHROME_UA, 131, "image"),
            new SyntheticRequest().header("user-agent", "curl/8.5.0"),
            new SyntheticRequest().path("/login").header("user-agent", CHROME_UA).header("accept", "*/*")};
        String[] ja4s = {CHROME_JA4, GO_JA4, null, "t13d1813h2_0123456789ab_0123456789ab"};
        CharSequence[] uas = new CharSequence[requests.length];
        for (int i = 0; i < requests.length; i++) {
            uas[i] = requests[i].header("user-agent");
        }
        ClientConsistency c = new ClientConsistency(STACKS);
        int rounds = 50_000;
        for (int w = 0; w < 200; w++) {
            round(c, requests, uas, ja4s, 1_000);
        }
        long thread = Thread.currentThread().threadId();
        long best = Long.MAX_VALUE;
        for (int m = 0; m < 3; m++) {
            long before = threads.getThreadAllocatedBytes(thread);
            round(c, requests, uas, ja4s, rounds);
            best = Math.min(best, threads.getThreadAllocatedBytes(thread) - before);
        }
        assertEquals(0, best, "bytes allocated over " + rounds + " rounds, best of three");
    }

    private static float round(ClientConsistency c, SyntheticRequest[] requests, CharSequence[] uas, String[] ja4s, int n) {
        float sum = 0;
        for (int i = 0; i < n; i++) {
            int k = i & 3;
            c.evaluate(requests[k], uas[k], ja4s[k], (i & 4) != 0);
            sum += c.tls() + c.clientHints() + c.fetchMetadata() + c.headerOrder();
        }
        return sum;
    }
}
