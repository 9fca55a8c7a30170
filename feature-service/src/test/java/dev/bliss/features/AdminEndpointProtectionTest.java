package dev.bliss.features;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.bliss.proxy.testing.RawHttp;
import dev.bliss.proxy.testing.TestOrigin;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The feature service's admin endpoint as an attacker sees it: a local file or a URL named by
 * the request, a cross-site form post, a rebound DNS name, a huge body. Raw sockets, so the test
 * sets the Host, Origin and Sec-Fetch-Site a browser would.
 */
class AdminEndpointProtectionTest {

    private static final String CSV = "dimension,key,feature,value\nip,192.0.2.1,reqs_10m,12\n";

    @TempDir
    Path dir;

    private FeatureService service;
    private final TestOrigin fetched = new TestOrigin();

    @AfterEach
    void stop() {
        if (service != null) {
            service.close();
        }
        fetched.close();
    }

    private FeatureService start(FeatureServiceOptions options) throws Exception {
        FeatureLab lab = new FeatureLab(dir);
        service = FeatureService.start(options.storePrefix(lab.storePrefix()).publishInterval(Duration.ofMillis(200))
                .admin("127.0.0.1", 0), lab.schema.schema(), lab.schema.maxKeys());
        return service;
    }

    private RawHttp.Response post(String target, String headers, String body) throws Exception {
        try (RawHttp c = new RawHttp(service.adminPort())) {
            byte[] bytes = body.getBytes(StandardCharsets.UTF_8);
            c.send("POST " + target + " HTTP/1.1\r\nHost: 127.0.0.1:" + service.adminPort() + "\r\n" + headers
                    + "Content-Length: " + bytes.length + "\r\n\r\n");
            c.out().write(bytes);
            c.out().flush();
            return c.read();
        }
    }

    private RawHttp.Response get(String target, String host) throws Exception {
        try (RawHttp c = new RawHttp(service.adminPort())) {
            return c.exchange("GET " + target + " HTTP/1.1\r\nHost: " + host);
        }
    }

    @Test
    void shouldNeverReadALocalFileOrAUrlTheRequestNames() throws Exception {
        start(new FeatureServiceOptions());
        RawHttp.Response passwd = post("/import?source=/etc/passwd", "", "");
        assertEquals(403, passwd.status(), passwd.body());
        assertFalse(passwd.body().contains("root:"), passwd.body());
        RawHttp.Response url = post("/import?source=" + fetched.url() + "/features.csv", "", "");
        assertEquals(403, url.status(), url.body());
        // the refusal is the handler's answer, written before it could start any fetch
        assertEquals(0, fetched.seenCount(), "the service fetched nothing");
        assertNull(service.imported());
    }

    @Test
    void shouldReadOnlyFilesInsideTheConfiguredImportDirectory() throws Exception {
        Path imports = Files.createDirectories(dir.resolve("imports"));
        Files.writeString(imports.resolve("good.csv"), CSV);
        Files.writeString(dir.resolve("outside.csv"), CSV);
        Files.createSymbolicLink(imports.resolve("link.csv"), dir.resolve("outside.csv"));
        start(new FeatureServiceOptions().importDirectory(imports));
        for (String bad : List.of("../outside.csv", "link.csv", dir.resolve("outside.csv").toString(), "missing.csv")) {
            assertEquals(403, post("/import?source=" + bad, "", "").status(), bad);
        }
        RawHttp.Response good = post("/import?source=good.csv", "", "");
        assertEquals(200, good.status(), good.body());
        assertEquals(1, service.importedKeys());
    }

    @Test
    void shouldRefuseABodyOfAFormTypeACrossSiteSenderAndATooLargeBody() throws Exception {
        start(new FeatureServiceOptions().maxImportBytes(4096));
        assertEquals(415, post("/import", "Content-Type: text/plain\r\n", CSV).status(), "a form's type");
        assertEquals(415, post("/import", "", CSV).status(), "no type");
        assertEquals(403, post("/import", "Content-Type: text/csv\r\nOrigin: https://evil.example\r\n", CSV).status());
        assertEquals(403, post("/import", "Content-Type: text/csv\r\nSec-Fetch-Site: cross-site\r\n", CSV).status());
        String big = CSV + "ip,192.0.2.2,reqs_10m,1\n".repeat(400);
        assertEquals(413, post("/import", "Content-Type: text/csv\r\n", big).status());
        assertNull(service.imported());
        RawHttp.Response ok = post("/import", "Content-Type: text/csv; charset=utf-8\r\nSec-Fetch-Site: same-origin\r\n", CSV);
        assertEquals(200, ok.status(), ok.body());
    }

    @Test
    void shouldAnswerOnlyItsOwnAddressLocalhostAndConfiguredNames() throws Exception {
        start(new FeatureServiceOptions().adminAllowedHosts(List.of("features.internal")));
        int port = service.adminPort();
        assertEquals(403, get("/status", "attacker.example:" + port).status(), "a rebound DNS name");
        assertEquals(403, get("/status", "192.0.2.1:" + port).status(), "another address");
        assertEquals(200, get("/status", "127.0.0.1:" + port).status());
        assertEquals(200, get("/status", "localhost:" + port).status());
        assertEquals(200, get("/status", "features.internal").status());
        assertTrue(List.of(200, 503).contains(get("/healthz", "probe.example").status()), "health answers any Host");
    }
}
