package dev.bliss.proxy.conformance;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.bliss.proxy.ProxyServer;
import dev.bliss.proxy.testing.Proxies;
import dev.bliss.proxy.testing.RawHttp;
import dev.bliss.proxy.testing.RawHttp2;
import dev.bliss.proxy.testing.RecordingOrigin;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;

/**
 * A real proxy (one event loop, the rules below) in front of a {@link RecordingOrigin}, for the
 * conformance tests: each sends what a client may send and asserts both what the client got and
 * what the origin saw. Public for other suites of client behaviour (slow clients, timeouts).
 */
public final class ProxyUnderTest implements AutoCloseable {

    /** Rules on the normalised path, the raw one and the host. */
    public static final String RULES = """
            rules:
              - id: admin
                expression: http.request.uri.path eq "/admin"
                action: block
                status: 403
              - id: raw-encoded
                expression: raw.http.request.uri.path eq "/%61dmin-raw"
                action: block
                status: 403
              - id: internal-host
                expression: http.host eq "internal.example"
                action: block
                status: 403
            """;

    public final RecordingOrigin origin;
    public final ProxyServer proxy;

    public ProxyUnderTest(Path dir, String extraYaml) throws Exception {
        this(dir, extraYaml, yaml -> yaml);
    }

    /** @param edit changes the bliss.yaml text before the proxy reads it (e.g. a route in front) */
    public ProxyUnderTest(Path dir, String extraYaml, java.util.function.UnaryOperator<String> edit) throws Exception {
        this(dir, extraYaml, edit, "");
    }

    /** @param extraRules rules after {@link #RULES}, in the same YAML list */
    public ProxyUnderTest(Path dir, String extraYaml, java.util.function.UnaryOperator<String> edit, String extraRules) throws Exception {
        origin = new RecordingOrigin();
        Files.writeString(dir.resolve("rules.yaml"), RULES + extraRules);
        String yaml = edit.apply(Proxies.singleOrigin(origin.url(), "rules: rules.yaml\n" + extraYaml)
                .replace("event_loops: 2", "event_loops: 1"));
        proxy = ProxyServer.start(Proxies.options(yaml, dir));
    }

    public RawHttp client() throws Exception {
        return new RawHttp(proxy.port(0));
    }

    public RawHttp2 http2() throws Exception {
        return new RawHttp2(proxy.port(0));
    }

    /** Sends {@code request} verbatim on a new connection and reads the answer. */
    public RawHttp.Response send(String request) throws Exception {
        try (RawHttp c = client()) {
            c.sendBytes(request.getBytes(StandardCharsets.ISO_8859_1));
            return c.read();
        }
    }

    /**
     * Sends {@code request} on a new connection, expects {@code status} and the connection
     * closed after it, and that nothing of it reached the origin.
     */
    public void assertRefused(String request, int status) throws Exception {
        try (RawHttp c = client()) {
            c.sendBytes(request.getBytes(StandardCharsets.ISO_8859_1));
            RawHttp.Response r = c.read();
            assertEquals(status, r.status(), () -> "answer to " + printable(request) + ": " + r);
            assertEquals("close", r.headers().get("connection"), "the refusal closes the connection");
            assertTrue(c.closedByPeer(), "the connection is closed after the refusal");
        }
        assertNothingReachedOrigin();
    }

    /**
     * That the origin got nothing since the last request taken: a probe sent now is the next
     * request it sees, and no connection ended in the middle of a request. (The proxy answers a
     * refused head before it would ever pick an origin, so nothing can arrive after the probe.)
     */
    public void assertNothingReachedOrigin() throws Exception {
        RawHttp.Response probe = send("GET /probe HTTP/1.1\r\nHost: probe.example\r\n\r\n");
        assertEquals(200, probe.status(), "the probe passes");
        RecordingOrigin.Request seen = origin.awaitRequest();
        assertEquals("/probe", seen.target(), () -> "the origin saw a request before the probe: " + seen.rawText());
        assertEquals(List.of(), origin.pendingCuts().stream().map(RecordingOrigin.Cut::text).toList(),
                "no origin connection ended in the middle of a request");
    }

    public static String printable(String s) {
        return s.replace("\r", "\\r").replace("\n", "\\n").replace("\t", "\\t").replace("\0", "\\0");
    }

    @Override
    public void close() throws Exception {
        proxy.close();
        origin.close();
    }
}
