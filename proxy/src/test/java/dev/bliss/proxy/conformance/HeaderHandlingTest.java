package dev.bliss.proxy.conformance;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;

import dev.bliss.proxy.testing.RecordingOrigin;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;

/**
 * Header fields a client (or a balancer in front) can use against an origin: names that CGI/WSGI
 * origins fold onto the proxy's own headers, Connection naming the proxy's headers away, and
 * X-Forwarded-For split over several lines by a trusted balancer.
 */
class HeaderHandlingTest {

    @RegisterExtension
    static final ConformanceLab bliss = new ConformanceLab().yaml("""
            trusted_proxies: [127.0.0.0/8]
            plugins:
              - {name: counter, type: test-counter}
            """).rules("""
              - id: forged-client
                expression: ip.src eq 203.0.113.9
                action: block
                status: 451
            """);

    @Test
    void shouldDropHeaderNamesWithAnUnderscore() throws Exception {
        assertEquals(200, bliss.send("GET /u HTTP/1.1\r\nHost: a\r\nX_Counter_Count: 99\r\nx_forwarded_for: 10.9.9.9\r\nX-Ok: 1\r\n\r\n").status());
        RecordingOrigin.Request seen = bliss.origin().awaitRequest();
        assertEquals(List.of(), seen.headers("x_counter_count"));
        assertEquals(List.of(), seen.headers("x_forwarded_for"));
        assertEquals(1, seen.headers("x-counter-count").size(), "the detector's header, once");
        assertEquals(false, "99".equals(seen.header("x-counter-count")), "the detector's value, not the client's");
        assertEquals("1", seen.header("x-ok"));
    }

    @Test
    void shouldNotLetConnectionNameTheProxysHeadersAway() throws Exception {
        // held before the request path was rebuilt; kept: the Connection-named headers go before detectors add theirs
        assertEquals(200, bliss.send("GET /c HTTP/1.1\r\nHost: a\r\nConnection: x-counter-count, x-forwarded-for, x-request-id\r\n"
                + "X-Counter-Count: 99\r\n\r\n").status());
        RecordingOrigin.Request seen = bliss.origin().awaitRequest();
        assertEquals(1, seen.headers("x-counter-count").size());
        assertEquals(1, seen.headers("x-request-id").size());
        assertEquals("127.0.0.1", seen.header("x-forwarded-for"));
        assertNull(seen.header("connection"));
    }

    @Test
    void shouldReadEveryXForwardedForLineOfATrustedPeerAsOneList() throws Exception {
        // a balancer that appends a line instead of extending the client's: the forged first line
        // must not become ip.src; the client is the right-most untrusted address, 203.0.113.9
        assertEquals(451, bliss.send("GET /x HTTP/1.1\r\nHost: a\r\nX-Forwarded-For: 198.51.100.7\r\n"
                + "X-Forwarded-For: 203.0.113.9\r\n\r\n").status());
        assertEquals(200, bliss.send("GET /x HTTP/1.1\r\nHost: a\r\nX-Forwarded-For: 203.0.113.9\r\n"
                + "X-Forwarded-For: 198.51.100.7, 127.0.0.5\r\n\r\n").status());
        RecordingOrigin.Request seen = bliss.origin().awaitRequest();
        assertEquals("203.0.113.9, 198.51.100.7, 127.0.0.5, 127.0.0.1", seen.header("x-forwarded-for"),
                "one line to the origin, in order, the peer appended");
    }
}
