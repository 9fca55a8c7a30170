package dev.bliss.proxy.challenge;

import dev.bliss.challenge.ChallengeForm;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.bliss.challenge.ClientBinding;
import dev.bliss.proxy.ProxyServer;
import dev.bliss.proxy.testing.Proxies;
import dev.bliss.proxy.testing.TestOrigin;
import io.vertx.core.http.HttpServerOptions;
import java.io.InputStream;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.security.KeyStore;
import java.security.cert.CertificateFactory;
import java.time.Duration;
import java.util.List;
import java.util.concurrent.TimeUnit;
import javax.net.ssl.SSLContext;
import javax.net.ssl.SSLParameters;
import javax.net.ssl.TrustManagerFactory;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The browser challenge on a TLS listener, where nonce and clearance are bound to the client's
 * JA4 as well (the self-signed test certificate for localhost and 127.0.0.1):
 * <ul>
 *   <li>a JDK client solves the challenge over TLS and gets a {@code Secure} clearance, which lets
 *       its next requests through, also on a new connection that resumes its TLS session (a
 *       resumed ClientHello carries pre_shared_key, so its JA4 differs from the full handshake's);
 *   <li>the clearance and the solution presented over a connection of another TLS stack (other
 *       cipher suites: another JA4) are refused as bound to another JA4 and as replayed;
 *   <li>real headless Chromium, trusting the certificate with {@code --ignore-certificate-errors},
 *       solves the page over HTTPS (a secure context, so WebCrypto runs on any host) and reaches
 *       the origin with the clearance.
 * </ul>
 * A test detector ({@code test-fingerprint}) copies each request's JA4 to the origin, so the test
 * sees which fingerprint each connection had.
 */
class ChallengeOverTlsTest {

    private static final String RULES = """
            rules:
              - id: challenge-pages
                expression: 'http.request.uri.path ne "/open"'
                action: challenge
                difficulty: 8
            """;

    @TempDir
    Path dir;

    private final TestOrigin origin = new TestOrigin(new HttpServerOptions());
    private ProxyServer proxy;

    @AfterEach
    void stop() {
        if (proxy != null) {
            proxy.close();
        }
        origin.close();
    }

    private int start() throws Exception {
        for (String name : new String[] {"cert.pem", "key.pem"}) {
            try (InputStream in = ChallengeOverTlsTest.class.getResourceAsStream("/tls/" + name)) {
                Files.copy(in, dir.resolve(name), StandardCopyOption.REPLACE_EXISTING);
            }
        }
        Files.writeString(dir.resolve("rules.yaml"), RULES);
        String yaml = Proxies.singleOrigin(origin.url(), """
                rules: rules.yaml
                challenge: {required_checks: []}
                plugins:
                  - {name: fp, type: test-fingerprint}
                """).replace("    port: 0\nadmin:", """
                    port: 0
                    tls:
                      certificate: cert.pem
                      key: key.pem
                admin:""");
        proxy = ProxyServer.start(Proxies.options(yaml, dir));
        return proxy.port(0);
    }

    /** Trusts the test certificate only; TLS sessions are cached in this context, so a new client of it resumes. */
    private static SSLContext trustingTheTestCertificate() throws Exception {
        KeyStore trust = KeyStore.getInstance(KeyStore.getDefaultType());
        trust.load(null, null);
        try (InputStream in = ChallengeOverTlsTest.class.getResourceAsStream("/tls/cert.pem")) {
            trust.setCertificateEntry("bliss-test", CertificateFactory.getInstance("X.509").generateCertificate(in));
        }
        TrustManagerFactory tmf = TrustManagerFactory.getInstance(TrustManagerFactory.getDefaultAlgorithm());
        tmf.init(trust);
        SSLContext context = SSLContext.getInstance("TLS");
        context.init(null, tmf.getTrustManagers(), null);
        return context;
    }

    private static HttpClient client(SSLContext context, SSLParameters parameters) {
        HttpClient.Builder b = HttpClient.newBuilder().version(HttpClient.Version.HTTP_1_1).sslContext(context)
                .followRedirects(HttpClient.Redirect.NEVER).connectTimeout(Duration.ofSeconds(5));
        return (parameters == null ? b : b.sslParameters(parameters)).build();
    }

    private static HttpResponse<String> get(HttpClient client, int port, String target, String... headers) throws Exception {
        HttpRequest.Builder b = HttpRequest.newBuilder(URI.create("https://127.0.0.1:" + port + target))
                .timeout(Duration.ofSeconds(10)).header("User-Agent", ChallengeClients.BROWSER_UA);
        for (int i = 0; i < headers.length; i += 2) {
            b.header(headers[i], headers[i + 1]);
        }
        return client.send(b.GET().build(), HttpResponse.BodyHandlers.ofString());
    }

    /** The JA4 the proxy computed for {@code client}'s connection, as the test detector forwarded it. */
    private String ja4Of(HttpClient client, int port) throws Exception {
        assertEquals(200, get(client, port, "/open").statusCode());
        return origin.next().headers().get("x-test-ja4");
    }

    @Test
    void shouldBindTheClearanceToTheTlsFingerprintAndSurviveASessionResumption() throws Exception {
        int port = start();
        SSLContext context = trustingTheTestCertificate();
        HttpClient first = client(context, null);
        String ja4 = ja4Of(first, port);
        assertTrue(ja4.matches("t13[di]\\d{4}\\w{2}_[0-9a-f]{12}_[0-9a-f]{12}"), ja4);

        HttpResponse<String> page = get(first, port, "/page", "Accept", "text/html");
        assertEquals(403, page.statusCode());
        ChallengeForm form = ChallengeClients.form(page.body());
        String counter = form.solve();
        HttpResponse<String> solved = get(first, port, form.verification(counter, 7, ChallengeClients.BROWSER_UA, 5));
        assertEquals(303, solved.statusCode(), solved.headers().map() + " " + solved.body());
        String setCookie = solved.headers().firstValue("set-cookie").orElseThrow();
        assertTrue(setCookie.contains("; Secure") && setCookie.contains("HttpOnly"), "Secure on a TLS listener: " + setCookie);
        String cookie = ChallengeClients.cookie(solved);
        assertEquals(200, get(first, port, "/page", "Cookie", cookie).statusCode());
        String clearedJa4 = origin.next().headers().get("x-test-ja4");
        assertEquals(ClientBinding.ja4Key(ja4), ClientBinding.ja4Key(clearedJa4), ja4 + " then " + clearedJa4);

        // a new connection of the same client resumes its TLS session: the ClientHello has a
        // pre_shared_key, so its JA4 is not the full handshake's, and the clearance still holds
        HttpClient resumed = client(context, null);
        String resumedJa4 = ja4Of(resumed, port);
        System.out.printf("full handshake JA4 %s, resumed session's JA4 %s%n", ja4, resumedJa4);
        assertNotEquals(ja4, resumedJa4, "the JDK client resumes on a new connection: one extension more");
        assertEquals(200, get(resumed, port, "/page", "Cookie", cookie).statusCode(), "resumed session: " + resumedJa4);
        origin.next();

        // another TLS stack (fewer cipher suites): another JA4, so neither the clearance nor the solution is its
        SSLParameters fewCiphers = new SSLParameters(new String[] {"TLS_AES_128_GCM_SHA256", "TLS_AES_256_GCM_SHA384"},
                new String[] {"TLSv1.3"});
        HttpClient other = client(trustingTheTestCertificate(), fewCiphers);
        String otherJa4 = ja4Of(other, port);
        assertNotEquals(ja4.substring(0, 23), otherJa4.substring(0, 23), "another cipher list: " + otherJa4);
        assertEquals(403, get(other, port, "/page", "Cookie", cookie, "Accept", "text/html").statusCode());
        HttpResponse<String> replayed = get(other, port, form.verification(counter, 7, ChallengeClients.BROWSER_UA, 5));
        assertEquals(403, replayed.statusCode());
        assertTrue(replayed.body().contains("replayed"), replayed.body());
        assertEquals(0, origin.seenCount());
        String metrics = ChallengeClients.get(proxy.adminPort(), "/metrics").body();
        assertTrue(metrics.contains("bliss_challenge_clearances_total{status=\"other_ja4\"} 1.0"), metrics);
        assertTrue(metrics.contains("bliss_challenge_failures_total{reason=\"replayed\"} 1.0"), metrics);
    }

    @Test
    void shouldLetHeadlessChromiumSolveItOverHttps() throws Exception {
        origin.behaviour(req -> origin.record(req, () -> {
            String cookie = req.getHeader("cookie");
            req.response().putHeader("content-type", "text/html; charset=utf-8")
                    .end("<!doctype html><p id=\"origin-page\">" + (cookie != null && cookie.contains("bliss_clearance=")
                            ? "cleared" : "not-cleared") + " " + req.uri() + "</p>");
        }));
        int port = start();
        Path chromium = Path.of(System.getProperty("bliss.chromium", "/usr/bin/chromium"));
        assertTrue(Files.isExecutable(chromium), "chromium is not installed (apt-get install chromium; .ci/run does)");
        List<String> command = List.of(chromium.toString(), "--headless", "--no-sandbox", "--disable-gpu",
                "--disable-dev-shm-usage", "--no-first-run", "--no-default-browser-check", "--disable-extensions",
                "--ignore-certificate-errors", "--user-data-dir=" + dir.resolve("chromium-profile"),
                "--virtual-time-budget=60000", "--dump-dom", "https://127.0.0.1:" + port + "/welcome?lang=en");
        Process p = new ProcessBuilder(command).redirectError(dir.resolve("chromium.log").toFile()).start();
        if (!p.waitFor(120, TimeUnit.SECONDS)) {
            p.destroyForcibly();
            throw new AssertionError("chromium did not finish in 120 s; log: " + Files.readString(dir.resolve("chromium.log")));
        }
        String dom = new String(p.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
        assertTrue(dom.contains("id=\"origin-page\">cleared /welcome?lang=en<"),
                dom + "\nchromium's log: " + Files.readString(dir.resolve("chromium.log")));
        TestOrigin.Seen seen = origin.next();
        assertTrue(seen.headers().get("x-test-ja4").matches("t13[di]\\d{4}h2_.*"), "Chromium's JA4 over TLS: " + seen.headers());
        String metrics = ChallengeClients.get(proxy.adminPort(), "/metrics").body();
        assertTrue(metrics.contains("bliss_challenge_outcomes_total{outcome=\"solved\",rule=\"challenge-pages\"} 1.0"), metrics);
    }
}
