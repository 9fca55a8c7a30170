package dev.bliss.proxy.challenge;

import dev.bliss.challenge.ChallengeForm;
import static dev.bliss.proxy.challenge.ChallengeClients.BROWSER_UA;
import static dev.bliss.proxy.challenge.ChallengeClients.get;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.bliss.proxy.ProxyServer;
import dev.bliss.proxy.testing.Proxies;
import dev.bliss.proxy.testing.TestOrigin;
import java.net.http.HttpResponse;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The browser challenge on a real proxy over loopback, with clients that are not browsers: the JDK
 * HttpClient, curl and python get the challenge and never reach the origin; a client that does
 * the page's work (in Java) gets a clearance and goes through; replayed, forged and wrong
 * solutions are refused and counted; the reserved path never reaches the origin.
 */
class ChallengeThroughProxyTest {

    private static final String RULES = """
            rules:
              - id: js-failed
                expression: 'bot.clearance.age ge 0 and not cf.bot_management.js_detection.passed'
                action: block
                status: 451
              - id: challenge-all
                expression: 'http.request.uri.path ne "/open"'
                action: challenge
                difficulty: 8
            """;

    @TempDir
    Path dir;

    private final TestOrigin origin = new TestOrigin();
    private ProxyServer proxy;

    @AfterEach
    void stop() {
        if (proxy != null) {
            proxy.close();
        }
        origin.close();
    }

    private int start(String challengeSection) throws Exception {
        Files.writeString(dir.resolve("rules.yaml"), RULES);
        proxy = ProxyServer.start(Proxies.options(Proxies.singleOrigin(origin.url(), "rules: rules.yaml\n" + challengeSection), dir));
        return proxy.port(0);
    }

    private String metrics() throws Exception {
        return get(proxy.adminPort(), "/metrics").body();
    }

    @Test
    void shouldServeTheInterstitialToANavigationWithoutReachingTheOrigin() throws Exception {
        int port = start("");
        HttpResponse<String> r = get(port, "/page?x=1", "User-Agent", BROWSER_UA, "Accept", "text/html,application/xhtml+xml");
        assertEquals(403, r.statusCode());
        assertEquals("challenge", r.headers().firstValue("cf-mitigated").orElse(null));
        assertTrue(r.headers().firstValue("cache-control").orElse("").contains("no-store"));
        assertTrue(r.headers().firstValue("content-security-policy").orElse("").startsWith("default-src 'none'"));
        assertTrue(r.body().contains("<noscript>"));
        String requestId = r.body().replaceAll("(?s).*Request id <code>([^<]*)</code>.*", "$1");
        assertFalse(requestId.isEmpty() || requestId.contains("<"));
        assertTrue(r.body().length() < 16 * 1024);
        assertEquals("/page?x=1", ChallengeClients.form(r.body()).returnTo());
        assertEquals(0, origin.seenCount());
        assertEquals(200, get(port, "/open").statusCode());
        assertTrue(metrics().contains("bliss_challenge_outcomes_total{outcome=\"issued\",rule=\"challenge-all\"} 1.0"), metrics());
    }

    @Test
    void shouldGiveApiClientsAShort403() throws Exception {
        int port = start("");
        HttpResponse<String> r = get(port, "/api", "Accept", "application/json", "User-Agent", BROWSER_UA);
        assertEquals(403, r.statusCode());
        assertEquals("challenge", r.headers().firstValue("cf-mitigated").orElse(null));
        assertTrue(r.body().startsWith("challenge required"), r.body());
        HttpResponse<String> fetch = get(port, "/page", "Accept", "text/html", "Sec-Fetch-Mode", "cors");
        assertTrue(fetch.body().startsWith("challenge required"), fetch.body());
        assertEquals(0, origin.seenCount());
    }

    @Test
    void shouldKeepCurlAndPythonOut() throws Exception {
        int port = start("");
        String url = "http://127.0.0.1:" + port + "/page";
        String curl = run("curl", "-s", "-i", "-H", "Accept: text/html", url);
        assertTrue(curl.startsWith("HTTP/1.1 403"), curl);
        assertTrue(curl.toLowerCase().contains("cf-mitigated: challenge"), curl);
        assertTrue(curl.contains("<noscript>"), curl);
        String curlDefault = run("curl", "-s", "-L", url);
        assertTrue(curlDefault.startsWith("challenge required"), curlDefault);
        String python = run("python3", "-c", """
                import urllib.request, urllib.error, sys
                try:
                    urllib.request.urlopen(urllib.request.Request(sys.argv[1], headers={"Accept": "text/html"}))
                except urllib.error.HTTPError as e:
                    print(e.code, e.headers["cf-mitigated"], "<noscript>" in e.read().decode())
                """, url);
        assertEquals("403 challenge True", python.strip());
        assertEquals(0, origin.seenCount());
    }

    @Test
    void shouldLetASolvedClientThroughWithItsClearance() throws Exception {
        int port = start("challenge: {required_checks: [webdriver, headless, consistency]}\n");
        HttpResponse<String> page = get(port, "/page?x=1", "User-Agent", BROWSER_UA, "Accept", "text/html");
        ChallengeForm form = ChallengeClients.form(page.body());
        assertEquals(8, form.difficulty());
        HttpResponse<String> solved = get(port, form.verification(form.solve(), 7, BROWSER_UA, 5), "User-Agent", BROWSER_UA);
        assertEquals(303, solved.statusCode(), solved.body());
        assertEquals("/page?x=1", solved.headers().firstValue("location").orElse(null));
        String setCookie = solved.headers().firstValue("set-cookie").orElseThrow();
        assertTrue(setCookie.startsWith("bliss_clearance=") && setCookie.contains("HttpOnly") && setCookie.contains("SameSite=Lax")
                && setCookie.contains("Max-Age=1800") && !setCookie.contains("Secure"), setCookie);
        assertEquals(0, origin.seenCount());

        String cookie = ChallengeClients.cookie(solved);
        HttpResponse<String> through = get(port, "/page?x=1", "User-Agent", BROWSER_UA, "Accept", "text/html", "Cookie", cookie);
        assertEquals(200, through.statusCode());
        assertEquals("/page?x=1", origin.next().uri());
        assertTrue(metrics().contains("bliss_challenge_outcomes_total{outcome=\"solved\",rule=\"challenge-all\"} 1.0"), metrics());
        assertTrue(metrics().contains("bliss_local_responses_total{reason=\"challenge_solved\"} 1.0"), metrics());

        // the same cookie from another user agent is a replay: challenged again, and counted
        HttpResponse<String> replayed = get(port, "/page", "User-Agent", "curl/8.5.0", "Accept", "text/html", "Cookie", cookie);
        assertEquals(403, replayed.statusCode());
        assertEquals(0, origin.seenCount());
        String m = metrics();
        assertTrue(m.contains("bliss_challenge_outcomes_total{outcome=\"replayed\",rule=\"challenge-all\"} 1.0"), m);
        assertTrue(m.contains("bliss_challenge_clearances_total{status=\"other_user_agent\"} 1.0"), m);

        // a flipped character is not a clearance
        char last = cookie.charAt(cookie.length() - 2);
        String forged = cookie.substring(0, cookie.length() - 2) + (last == 'A' ? 'B' : 'A') + cookie.charAt(cookie.length() - 1);
        assertEquals(403, get(port, "/page", "User-Agent", BROWSER_UA, "Accept", "text/html", "Cookie", forged).statusCode());
        assertTrue(metrics().contains("bliss_challenge_clearances_total{status=\"tampered\"} 1.0"));
        assertEquals(0, origin.seenCount());
    }

    @Test
    void shouldRecordFailedChecksInTheFieldsWhenTheyAreNotRequired() throws Exception {
        int port = start("challenge: {required_checks: []}\n");
        ChallengeForm form = ChallengeClients.form(get(port, "/", "User-Agent", BROWSER_UA, "Accept", "text/html").body());
        // the page says navigator.webdriver was true: no check passed, but none is required
        HttpResponse<String> solved = get(port, form.verification(form.solve(), 0, BROWSER_UA, 5), "User-Agent", BROWSER_UA);
        assertEquals(303, solved.statusCode());
        HttpResponse<String> next = get(port, "/", "User-Agent", BROWSER_UA, "Cookie", ChallengeClients.cookie(solved));
        assertEquals(451, next.statusCode(), "the rule on bot.js_detection.passed saw the failed checks");
        assertEquals(0, origin.seenCount());
    }

    @Test
    void shouldRefuseWrongReplayedAndRequiredCheckFailures() throws Exception {
        int port = start("");
        ChallengeForm form = ChallengeClients.form(get(port, "/", "User-Agent", BROWSER_UA, "Accept", "text/html").body());
        String counter = form.solve();
        String wrong = Long.toString(Long.parseLong(counter) + 1);
        HttpResponse<String> bad = get(port, form.verification(wrong, 7, BROWSER_UA, 5), "User-Agent", BROWSER_UA);
        if (!new dev.bliss.challenge.ProofOfWork().solves(form.nonce(), wrong, form.difficulty())) {
            assertEquals(403, bad.statusCode());
            assertTrue(bad.body().contains("wrong work"), bad.body());
        }
        HttpResponse<String> replay = get(port, form.verification(counter, 7, BROWSER_UA, 5), "User-Agent", "python-requests/2.32");
        assertEquals(403, replay.statusCode());
        assertTrue(replay.body().contains("replayed"), replay.body());
        HttpResponse<String> headless = get(port, form.verification(counter, 6, BROWSER_UA, 5), "User-Agent", BROWSER_UA);
        assertTrue(headless.body().contains("checks failed"), headless.body());
        HttpResponse<String> forged = get(port, form.verification(counter, 7, BROWSER_UA, 5).replace("&r=challenge-all", "&r=other"),
                "User-Agent", BROWSER_UA);
        assertTrue(forged.body().contains("tampered"), forged.body());
        String m = metrics();
        assertTrue(m.contains("bliss_challenge_outcomes_total{outcome=\"replayed\",rule=\"challenge-all\"} 1.0"), m);
        assertTrue(m.contains("bliss_challenge_outcomes_total{outcome=\"failed\",rule=\"unknown\"} 1.0"), m);
        assertTrue(m.contains("bliss_challenge_failures_total{reason=\"checks_failed\"} 1.0"), m);
        assertEquals(0, origin.seenCount());
    }

    @Test
    void shouldNeverRouteTheReservedPath() throws Exception {
        int port = start("");
        for (String target : List.of("/.bliss/challenge/", "/.bliss/challenge/x", "/.bliss/challenge/verify", "/.bliss/challenge/verify?n=a")) {
            HttpResponse<String> r = get(port, target, "User-Agent", BROWSER_UA);
            assertTrue(r.statusCode() == 403 || r.statusCode() == 404, target + " → " + r.statusCode());
        }
        assertEquals(0, origin.seenCount());
    }

    private String run(String... command) throws Exception {
        Process p = new ProcessBuilder(command).redirectErrorStream(true).start();
        if (!p.waitFor(20, TimeUnit.SECONDS)) {
            p.destroyForcibly();
            throw new AssertionError(command[0] + " did not finish");
        }
        return new String(p.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
    }
}
