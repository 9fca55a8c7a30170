package dev.bliss.proxy.challenge;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.bliss.proxy.ProxyServer;
import dev.bliss.proxy.testing.Proxies;
import dev.bliss.proxy.testing.TestOrigin;
import io.vertx.core.http.HttpServerOptions;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Real headless Chromium (Debian's {@code chromium}; {@code .ci/run} installs it) against a real
 * proxy on loopback: it loads a challenged page, runs the proof of work through WebCrypto at the
 * default difficulty, follows the redirect, and its next request reaches the origin with the
 * clearance. With the default required checks it is refused instead: headless Chromium sets
 * navigator.webdriver and says HeadlessChrome, which is what the checks are for.
 *
 * <p>Chromium runs as a child process with {@code --dump-dom}: it prints the DOM of the page it
 * ends on, here the origin's page, which says whether the origin saw the clearance cookie.
 */
class ChromiumSolvesChallengeTest {

    private static final String ORIGIN_MARK = "origin-page";

    @TempDir
    Path dir;

    private final TestOrigin origin = new TestOrigin(new HttpServerOptions());
    private ProxyServer proxy;

    @BeforeAll
    static void chromiumIsInstalled() {
        assertTrue(Files.isExecutable(Path.of(chromium())), "chromium is not installed (apt-get install chromium; .ci/run does)");
    }

    @AfterEach
    void stop() {
        if (proxy != null) {
            proxy.close();
        }
        origin.close();
    }

    private int start(String challengeSection) throws Exception {
        origin.behaviour(req -> origin.record(req, () -> {
            String cookie = req.getHeader("cookie");
            boolean cleared = cookie != null && cookie.contains("bliss_clearance=");
            req.response().putHeader("content-type", "text/html; charset=utf-8")
                    .end("<!doctype html><html><body><p id=\"" + ORIGIN_MARK + "\">" + (cleared ? "cleared" : "not-cleared")
                            + " " + req.uri() + "</p></body></html>");
        }));
        Files.writeString(dir.resolve("rules.yaml"), """
                rules:
                  - id: challenge-pages
                    expression: 'http.request.method ne "TRACE"'
                    action: challenge
                """);
        proxy = ProxyServer.start(Proxies.options(Proxies.singleOrigin(origin.url(), "rules: rules.yaml\n" + challengeSection), dir));
        return proxy.port(0);
    }

    @Test
    void shouldSolveTheChallengeAndReachTheOriginWithTheClearance() throws Exception {
        int port = start("challenge: {required_checks: []}\n");
        String dom = chromiumDom("http://127.0.0.1:" + port + "/welcome?lang=en");
        assertTrue(dom.contains("id=\"" + ORIGIN_MARK + "\">cleared /welcome?lang=en<"), dom);
        TestOrigin.Seen seen = origin.next();
        assertEquals("/welcome?lang=en", seen.uri());
        assertTrue(seen.headers().get("cookie").contains("bliss_clearance="));
        String metrics = ChallengeClients.get(proxy.adminPort(), "/metrics").body();
        assertTrue(metrics.contains("bliss_challenge_outcomes_total{outcome=\"solved\",rule=\"challenge-pages\"} 1.0"), metrics);
        double seconds = Double.parseDouble(summary(metrics, "bliss_challenge_solve_seconds_sum"));
        double hashes = Double.parseDouble(summary(metrics, "bliss_challenge_solve_hashes_sum"));
        int d = dev.bliss.challenge.ChallengeOptions.DEFAULT_DIFFICULTY;
        System.out.printf("chromium solved difficulty %d in %.3f s after %.0f hashes: %.2f µs per hash, so %.2f s expected (2^%d hashes)%n",
                d, seconds, hashes, seconds / hashes * 1e6, seconds / hashes * (1 << d), d);
    }

    @Test
    void shouldRefuseHeadlessChromiumWhenTheChecksAreRequired() throws Exception {
        int port = start("");
        String dom = chromiumDom("http://127.0.0.1:" + port + "/welcome");
        assertFalse(dom.contains(ORIGIN_MARK), dom);
        assertTrue(dom.contains("challenge failed (checks failed)"), dom);
        assertEquals(0, origin.seenCount());
        String metrics = ChallengeClients.get(proxy.adminPort(), "/metrics").body();
        assertTrue(metrics.contains("bliss_challenge_failures_total{reason=\"checks_failed\"} 1.0"), metrics);
    }

    private String chromiumDom(String url) throws Exception {
        List<String> command = new ArrayList<>(List.of(chromium(), "--headless", "--no-sandbox", "--disable-gpu",
                "--disable-dev-shm-usage", "--no-first-run", "--no-default-browser-check", "--disable-extensions",
                "--user-data-dir=" + dir.resolve("chromium-profile"), "--virtual-time-budget=60000", "--dump-dom", url));
        Process p = new ProcessBuilder(command).redirectError(dir.resolve("chromium.log").toFile()).start();
        if (!p.waitFor(120, TimeUnit.SECONDS)) {
            p.destroyForcibly();
            throw new AssertionError("chromium did not finish in 120 s; log: " + Files.readString(dir.resolve("chromium.log")));
        }
        return new String(p.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
    }

    private static String summary(String metrics, String name) {
        Matcher sum = Pattern.compile(name + " (\\S+)").matcher(metrics);
        assertTrue(sum.find(), name + " not in " + metrics);
        return sum.group(1);
    }

    private static String chromium() {
        return System.getProperty("bliss.chromium", "/usr/bin/chromium");
    }
}
