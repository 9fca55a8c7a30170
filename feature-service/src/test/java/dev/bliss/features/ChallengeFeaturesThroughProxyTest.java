package dev.bliss.features;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotEquals;

import dev.bliss.challenge.ProofOfWork;
import dev.bliss.proxy.ProxyServer;
import dev.bliss.proxy.testing.RawHttp;
import dev.bliss.proxy.testing.TestOrigin;
import dev.bliss.store.FeatureStoreReader;
import java.net.URLEncoder;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The browser challenge's outcomes as features, through the real proxy, the real bot-management
 * plugin and the real feature service: a client that collects challenges and sends a forged
 * solution gets {@code ip.challenges_issued_10m} and {@code ip.challenges_failed_10m}, a client
 * that does the page's work gets {@code ip.challenges_solved_10m}, and a model reading the
 * issued count scores the first client's next (unchallenged) request automated.
 */
class ChallengeFeaturesThroughProxyTest {

    private static final String SCRIPT = "203.0.113.20";
    private static final String BROWSER = "203.0.113.21";
    private static final Duration WAIT = Duration.ofSeconds(20);
    private static final Pattern ACTION = Pattern.compile("action=\"([^\"]*)\"");
    private static final Pattern DIFFICULTY = Pattern.compile("data-difficulty=\"([0-9]+)\"");

    @TempDir
    Path dir;

    private final TestOrigin origin = new TestOrigin();
    private ProxyServer proxy;
    private FeatureService service;

    @AfterEach
    void stop() {
        if (proxy != null) {
            proxy.close();
        }
        if (service != null) {
            service.close();
        }
        origin.close();
    }

    /** A lab whose one-tree model reads ip.challenges_issued_10m (above 2.5: automated), with /page challenged. */
    private FeatureLab lab() throws Exception {
        FeatureLab lab = new FeatureLab(dir).withOneTreeModel("ip.challenges_issued_10m", 2.5);
        Files.writeString(dir.resolve("rules.yaml"), """
                rules:
                  - id: challenge-pages
                    expression: 'http.request.uri.path eq "/page"'
                    action: challenge
                    difficulty: 6
                """);
        return lab;
    }

    private static RawHttp.Response get(ProxyServer proxy, String client, String target) throws Exception {
        try (RawHttp c = new RawHttp(proxy.port(0))) {
            return c.exchange("GET " + target + " HTTP/1.1\r\nHost: shop.example\r\nX-Forwarded-For: " + client
                    + "\r\nUser-Agent: " + FeatureLab.browser(1) + "\r\nAccept: text/html\r\nAccept-Language: en");
        }
    }

    private static String group(Pattern p, String html) {
        Matcher m = p.matcher(html);
        if (!m.find()) {
            throw new AssertionError("not in the interstitial: " + p + "\n" + html);
        }
        return m.group(1);
    }

    private static String input(String html, String name) {
        return group(Pattern.compile("name=\"" + name + "\" value=\"([^\"]*)\""), html).replace("&amp;", "&");
    }

    /** The verification request the page's script makes, with {@code nonce} and {@code counter}. */
    private static String solution(String page, String nonce, String counter) {
        return group(ACTION, page) + "?n=" + enc(nonce) + "&r=" + enc(input(page, "r")) + "&to=" + enc(input(page, "to"))
                + "&c=" + counter + "&k=7&u=" + enc(FeatureLab.browser(1)) + "&t=5";
    }

    private static String enc(String s) {
        return URLEncoder.encode(s, StandardCharsets.UTF_8);
    }

    private static float[] ipFeatures(FeatureLab lab, FeatureStoreReader reader, String client, String... names) {
        FeatureLookup l = FeatureLookup.find(reader, lab.schema.schema(), "ip", client);
        float[] out = new float[names.length];
        for (int i = 0; i < names.length; i++) {
            out[i] = l.status() == FeatureLookup.Status.FOUND ? l.values()[l.names().indexOf(names[i])] : -1;
        }
        return out;
    }

    @Test
    void shouldGiveAClientThatIgnoresAndForgesChallengesItsCountsAndScoreItAutomated() throws Exception {
        FeatureLab lab = lab();
        service = lab.startService(Duration.ofMillis(200));
        proxy = lab.startProxy(origin.url(), "3s");
        FeatureLab.await("first snapshot", WAIT, () -> service.lastPublish() != null);

        assertEquals(200, get(proxy, SCRIPT, "/open").status());
        assertEquals(String.valueOf(FeatureLab.HUMAN_SCORE), origin.next().headers().get("x-bot-score"),
                "no challenges yet");

        String page = null;
        for (int i = 0; i < 4; i++) {
            RawHttp.Response r = get(proxy, SCRIPT, "/page");
            assertEquals(403, r.status());
            assertEquals("challenge", r.headers().get("cf-mitigated"));
            page = r.body();
        }
        String nonce = input(page, "n");
        String forged = (nonce.charAt(3) == 'A' ? 'B' : 'A') + "";
        RawHttp.Response refused = get(proxy, SCRIPT, solution(page, nonce.substring(0, 3) + forged + nonce.substring(4), "1"));
        assertNotEquals(303, refused.status(), "a forged nonce sets no clearance");

        RawHttp.Response challenged = get(proxy, BROWSER, "/page");
        String browserPage = challenged.body();
        String browserNonce = input(browserPage, "n");
        int difficulty = Integer.parseInt(group(DIFFICULTY, browserPage));
        ProofOfWork work = new ProofOfWork();
        long counter = 0;
        while (!work.solves(browserNonce, Long.toString(counter), difficulty)) {
            counter++;
        }
        assertEquals(303, get(proxy, BROWSER, solution(browserPage, browserNonce, Long.toString(counter))).status());
        assertEquals(0, origin.seenCount(), "challenges and solutions never reach the origin");

        String[] names = {"challenges_issued_10m", "challenges_solved_10m", "challenges_failed_10m"};
        try (FeatureStoreReader reader = lab.reader()) {
            FeatureLab.await("the script's outcomes published", WAIT,
                    () -> ipFeatures(lab, reader, SCRIPT, names)[2] == 1 && ipFeatures(lab, reader, BROWSER, names)[1] == 1);
            float[] script = ipFeatures(lab, reader, SCRIPT, names);
            assertEquals(4, script[0], "four pages issued");
            assertEquals(0, script[1]);
            assertEquals(1, script[2], "one forged solution");
            float[] browser = ipFeatures(lab, reader, BROWSER, names);
            assertEquals(1, browser[0]);
            assertEquals(1, browser[1], "one solution that set a clearance");
            assertEquals(0, browser[2]);
        }
        assertEquals(200, get(proxy, SCRIPT, "/open").status());
        assertEquals(String.valueOf(FeatureLab.AUTOMATED_SCORE), origin.next().headers().get("x-bot-score"),
                "the model read the four challenges the client never solved");
    }
}
