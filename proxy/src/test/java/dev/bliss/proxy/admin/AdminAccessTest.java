package dev.bliss.proxy.admin;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.bliss.plugin.config.ConfigException;
import dev.bliss.proxy.ProxyServer;
import dev.bliss.proxy.testing.Proxies;
import dev.bliss.proxy.testing.RawHttp;
import dev.bliss.proxy.testing.TestOrigin;
import java.net.Inet4Address;
import java.net.InetAddress;
import java.net.NetworkInterface;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Collections;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Who may use the admin server: loopback peers or the bearer token; no cross-site browser
 * requests; POST only for what changes state; a refusal to start on a public address without a
 * token. The non-loopback cases bind to this machine's own non-loopback address (the test needs
 * one; every CI machine has its network interface).
 */
class AdminAccessTest {

    private static final String TOKEN = "s3cret-token-of-the-operator-0123";

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

    private void start(String adminHost, boolean withToken) throws Exception {
        Files.writeString(dir.resolve("admin.token"), TOKEN + "\n");
        Files.writeString(dir.resolve("rules.yaml"), "rules:\n  - {id: r, expression: 'http.request.uri.path eq \"/x\"', action: log}\n");
        String yaml = Proxies.singleOrigin(origin.url(), "rules: rules.yaml\n")
                .replace("admin:\n  host: 127.0.0.1\n", "admin:\n  host: " + adminHost + "\n" + (withToken ? "  token_file: admin.token\n" : ""));
        proxy = ProxyServer.start(Proxies.options(yaml, dir));
    }

    private static String siteAddress() throws Exception {
        for (NetworkInterface nic : Collections.list(NetworkInterface.getNetworkInterfaces())) {
            for (InetAddress a : Collections.list(nic.getInetAddresses())) {
                if (a instanceof Inet4Address && !a.isLoopbackAddress() && !a.isLinkLocalAddress() && nic.isUp()) {
                    return a.getHostAddress();
                }
            }
        }
        throw new AssertionError("this machine has no non-loopback IPv4 address to test a public admin binding with");
    }

    /** One request to the admin server at {@code host}: the status line's code. */
    private int status(String host, String method, String path, String... headers) throws Exception {
        try (RawHttp c = new RawHttp(host, proxy.adminPort())) {
            String head = method + " " + path + " HTTP/1.1\r\nHost: " + host + ":" + proxy.adminPort()
                    + (headers.length > 0 ? "\r\n" + String.join("\r\n", headers) : "")
                    + (method.equals("POST") ? "\r\nContent-Length: 0" : "");
            return c.exchange(head).status();
        }
    }

    @Test
    void shouldRefuseToStartOnAPublicAddressWithoutAToken() throws Exception {
        ConfigException e = assertThrows(ConfigException.class, () -> start("0.0.0.0", false));
        assertTrue(e.getMessage().contains("admin.token_file"), e.getMessage());
        assertTrue(e.getMessage().contains("host"), e.getMessage());
    }

    @Test
    void shouldRefuseATokenFileWithAShortToken() throws Exception {
        Files.writeString(dir.resolve("short.token"), "abc");
        String yaml = Proxies.singleOrigin(origin.url(), "").replace("admin:\n  host: 127.0.0.1\n",
                "admin:\n  host: 127.0.0.1\n  token_file: short.token\n");
        ConfigException e = assertThrows(ConfigException.class, () -> Proxies.options(yaml, dir));
        assertTrue(e.getMessage().contains("token_file") && e.getMessage().contains("at least 16"), e.getMessage());
    }

    @Test
    void shouldAskOtherMachinesForTheTokenAndTrustLoopback() throws Exception {
        start("0.0.0.0", true);
        String site = siteAddress();
        assertEquals(401, status(site, "GET", "/stats"));
        assertEquals(401, status(site, "GET", "/metrics", "Authorization: Bearer wrong-token-wrong-token"));
        assertEquals(200, status(site, "GET", "/stats", "Authorization: Bearer " + TOKEN));
        assertEquals(200, status(site, "GET", "/metrics", "authorization: bearer " + TOKEN));
        assertEquals(401, status(site, "POST", "/rules/reload"));
        assertEquals(200, status(site, "POST", "/rules/reload", "Authorization: Bearer " + TOKEN));
        assertEquals(200, status(site, "GET", "/healthz"), "probes need no token");
        assertEquals(200, status(site, "GET", "/"), "the page holds no data; it asks /stats with the token");
        assertEquals(200, status("127.0.0.1", "GET", "/stats"), "a loopback peer is this machine's operator");
        assertEquals(200, status("127.0.0.1", "POST", "/rules/reload"));
    }

    @Test
    void shouldRefuseCrossSiteRequestsEvenFromLoopback() throws Exception {
        start("127.0.0.1", false);
        String self = "http://127.0.0.1:" + proxy.adminPort();
        assertEquals(403, status("127.0.0.1", "POST", "/rules/reload", "Origin: https://evil.example"));
        assertEquals(403, status("127.0.0.1", "POST", "/rules/reload", "Sec-Fetch-Site: cross-site"));
        assertEquals(403, status("127.0.0.1", "GET", "/stats", "Sec-Fetch-Site: same-site"));
        assertEquals(200, status("127.0.0.1", "POST", "/rules/reload", "Origin: " + self, "Sec-Fetch-Site: same-origin"));
        assertEquals(200, status("127.0.0.1", "GET", "/stats", "Sec-Fetch-Site: same-origin"));
        assertEquals(200, status("127.0.0.1", "GET", "/", "Sec-Fetch-Site: none"), "typed into the address bar");
        assertEquals(200, status("127.0.0.1", "GET", "/", "Sec-Fetch-Site: cross-site"), "a link from a runbook: the page has no data");
        assertEquals(403, status("127.0.0.1", "POST", "/", "Sec-Fetch-Site: cross-site"));
    }

    @Test
    void shouldRefuseARebindingHostNameOnLoopback() throws Exception {
        start("127.0.0.1", false);
        try (RawHttp c = new RawHttp(proxy.adminPort())) {
            assertEquals(403, c.exchange("GET /stats HTTP/1.1\r\nHost: attacker.example:" + proxy.adminPort()).status());
        }
        try (RawHttp c = new RawHttp(proxy.adminPort())) {
            assertEquals(200, c.exchange("GET /stats HTTP/1.1\r\nHost: localhost:" + proxy.adminPort()).status());
        }
    }

    @Test
    void shouldChangeStateWithPostOnly() throws Exception {
        start("127.0.0.1", false);
        assertEquals(405, status("127.0.0.1", "GET", "/rules/reload"));
    }

    /** As {@link #status}, with the Host header given whole. */
    private int statusWithHost(String peer, String hostHeader, String method, String path, String... headers) throws Exception {
        try (RawHttp c = new RawHttp(peer, proxy.adminPort())) {
            String head = method + " " + path + " HTTP/1.1\r\nHost: " + hostHeader
                    + (headers.length > 0 ? "\r\n" + String.join("\r\n", headers) : "");
            return c.exchange(head).status();
        }
    }

    @Test
    void shouldRefuseARebindingHostNameOnAPublicBindingAndAnswerConfiguredNames() throws Exception {
        String site = siteAddress();
        Files.writeString(dir.resolve("admin.token"), TOKEN + "\n");
        Files.writeString(dir.resolve("rules.yaml"), "rules: []\n");
        String yaml = Proxies.singleOrigin(origin.url(), "rules: rules.yaml\n").replace("admin:\n  host: 127.0.0.1\n",
                "admin:\n  host: " + site + "\n  token_file: admin.token\n  allowed_hosts: [admin.bliss.example]\n");
        proxy = ProxyServer.start(Proxies.options(yaml, dir));
        String auth = "Authorization: Bearer " + TOKEN;
        int port = proxy.adminPort();
        assertEquals(403, statusWithHost(site, "attacker.example:" + port, "GET", "/stats", auth), "a rebound name, even with the token");
        assertEquals(403, statusWithHost(site, "192.0.2.9:" + port, "GET", "/stats", auth), "another address");
        assertEquals(200, statusWithHost(site, site + ":" + port, "GET", "/stats", auth), "the bound address");
        assertEquals(200, statusWithHost(site, "admin.bliss.example", "GET", "/stats", auth), "a configured name");
        assertEquals(200, statusWithHost(site, "attacker.example", "GET", "/healthz"), "probes answer any Host");
    }

    @Test
    void shouldRefuseAPostBodyThatIsNotJson() throws Exception {
        start("127.0.0.1", false);
        String host = "127.0.0.1:" + proxy.adminPort();
        assertEquals(415, statusWithHost("127.0.0.1", host, "POST", "/rules/reload", "Content-Type: text/plain", "Content-Length: 2\r\n\r\nhi"));
        assertEquals(415, statusWithHost("127.0.0.1", host, "POST", "/reload",
                "Content-Type: application/x-www-form-urlencoded", "Content-Length: 3\r\n\r\na=b"));
        assertEquals(200, statusWithHost("127.0.0.1", host, "POST", "/rules/reload", "Content-Type: application/json",
                "Content-Length: 2\r\n\r\n{}"));
        assertEquals(200, statusWithHost("127.0.0.1", host, "POST", "/rules/reload", "Content-Length: 0"), "no body: no type needed");
    }
}
