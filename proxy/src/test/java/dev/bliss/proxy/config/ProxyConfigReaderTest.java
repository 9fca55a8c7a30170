package dev.bliss.proxy.config;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import dev.bliss.config.yaml.YamlConfigReader;
import dev.bliss.plugin.config.ConfigException;
import dev.bliss.plugin.config.ConfigSection;
import dev.bliss.proxy.testing.Proxies;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;

/** bliss.yaml errors name file, line, column and key; the shipped configuration is valid. */
class ProxyConfigReaderTest {

    private static String error(String yaml) {
        return assertThrows(ConfigException.class, () -> Proxies.options(yaml, null)).getMessage();
    }

    @Test
    void shouldReportUnknownKeysWithTheirLine() {
        assertEquals("test-bliss.yaml:3:3: timeouts.conect: unknown key (known here: client_body, client_header, connect, keepalive, response, shutdown)",
                error("listeners: [{port: 8080}]\ntimeouts:\n  conect: 5s\n"));
    }

    @Test
    void shouldRefuseAnAdminPortThatIsAlsoAListenersPort() {
        assertEquals("test-bliss.yaml:5:9: admin.port: admin.port 8443 is also the port of listeners[1].port"
                + " (test-bliss.yaml:3:21); give the admin server a port of its own", error("""
                listeners:
                  - {port: 8080}
                  - {host: 0.0.0.0, port: 8443}
                admin:
                  port: 8443
                """));
    }

    @Test
    void shouldReadTheSlowClientTimeoutsAndTheUploadCapWithNginxDefaults() throws Exception {
        ProxyOptions defaults = Proxies.options("listeners: [{port: 8080}]\n", null);
        assertEquals(java.time.Duration.ofSeconds(60), defaults.timeouts().clientHeader());
        assertEquals(java.time.Duration.ofSeconds(60), defaults.timeouts().clientBody());
        assertEquals(java.time.Duration.ofSeconds(75), defaults.timeouts().keepAlive());
        assertEquals(32, defaults.limits().maxUploadsPerLoop());
        ProxyOptions set = Proxies.options("""
                listeners: [{port: 8080}]
                limits: {max_uploads_per_loop: 0}
                timeouts: {client_header: 10s, client_body: 250ms, keepalive: 5m}
                """, null);
        assertEquals(java.time.Duration.ofSeconds(10), set.timeouts().clientHeader());
        assertEquals(java.time.Duration.ofMillis(250), set.timeouts().clientBody());
        assertEquals(java.time.Duration.ofMinutes(5), set.timeouts().keepAlive());
        assertEquals(0, set.limits().maxUploadsPerLoop());
    }

    @Test
    void shouldTakeSniNamesFromTheCertificateAndRefuseOnesThatAreNotServerNames(@org.junit.jupiter.api.io.TempDir Path dir)
            throws Exception {
        for (String f : new String[] {"shop-cert.pem", "shop-key.pem", "api-cert.pem", "api-key.pem"}) {
            try (var in = getClass().getResourceAsStream("/tls/sni/" + f)) {
                java.nio.file.Files.copy(in, dir.resolve(f));
            }
        }
        String tls = """
                listeners:
                  - port: 8443
                    tls:
                      certificates:
                        - {certificate: shop-cert.pem, key: shop-key.pem}
                        - {certificate: api-cert.pem, key: api-key.pem, names: [%s]}
                """;
        TlsOptions read = Proxies.options(tls.formatted("api.example.test"), dir).listeners().getFirst().tls();
        assertEquals(java.util.List.of("shop.example.test", "*.shop.example.test"), read.certificates().getFirst().names(),
                "the certificate's own DNS names");
        assertEquals(dir.resolve("shop-cert.pem"), read.certificate(), "the first pair is the default");
        ConfigException e = assertThrows(ConfigException.class, () -> Proxies.options(tls.formatted("'api example'"), dir));
        assertEquals("test-bliss.yaml:6:64: listeners[0].tls.certificates[1].names: not a server name: \"api example\""
                + " (a DNS name, or *. and a DNS name)", e.getMessage());
    }

    @Test
    void shouldReportARouteToAnUndefinedUpstream() {
        assertEquals("test-bliss.yaml:7:15: routes[0].upstream: no upstream named \"ap\" (defined: app)", error("""
                listeners: [{port: 8080}]
                upstreams:
                  app:
                    origins: [http://127.0.0.1:9000]
                routes:
                  - path_prefix: /
                    upstream: ap
                """));
    }

    @Test
    void shouldReportAnOriginThatIsNotAUrl() {
        assertEquals("test-bliss.yaml:4:14: upstreams.app.origins: origin must start with http:// or https://, got 127.0.0.1:9000",
                error("listeners: [{port: 8080}]\nupstreams:\n  app:\n    origins: [127.0.0.1:9000]\nroutes: [{upstream: app}]\n"));
    }

    @Test
    void shouldReportABadTrustedProxy() {
        assertEquals("test-bliss.yaml:2:18: trusted_proxies: not an IP address or CIDR: \"10.0.0.0/33\"",
                error("listeners: [{port: 8080}]\ntrusted_proxies: [10.0.0.0/33]\n"));
    }

    @Test
    void shouldReportABadRequestIdHeader() {
        assertEquals("test-bliss.yaml:2:20: request_id_header: not a header name: \"x request id\" (letters, digits, - and _; e.g. x-request-id)",
                error("listeners: [{port: 8080}]\nrequest_id_header: x request id\n"));
        assertEquals("test-bliss.yaml:2:20: request_id_header: not a header name: \"\" (letters, digits, - and _; e.g. x-request-id)",
                error("listeners: [{port: 8080}]\nrequest_id_header: \"\"\n"));
    }

    @Test
    void shouldReportAPortOutOfRange() {
        assertEquals("test-bliss.yaml:1:20: listeners[0].port: must be between 0 and 65535, got 70000",
                error("listeners: [{port: 70000}]\n"));
    }

    @Test
    void shouldAcceptTheShippedConfiguration() throws Exception {
        Path shipped = Path.of("..", "config", "bliss.yaml");
        ConfigSection root = YamlConfigReader.read(shipped);
        root.section("feature_service"); // the feature service's own section: the app reads it (BlissConfig)
        root.section("logging"); // the application log's, read by the app too
        ProxyOptions options = ProxyConfigReader.read(root, shipped);
        assertEquals(8080, options.listeners().getFirst().port());
        assertEquals("127.0.0.1", options.admin().host());
        assertEquals("x-request-id", options.requestIdHeader());
    }
}
