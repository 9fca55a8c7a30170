package dev.bliss.proxy.conformance;

import static org.junit.jupiter.api.Assertions.assertEquals;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;

/** {@code requests.origin_path: raw}: the origin gets the path as sent, rules still the normalised one. */
class RawOriginPathTest {

    // a lab per configuration, each started only by the test that uses it
    @RegisterExtension
    final ConformanceLab rawPath = new ConformanceLab().yaml("requests:\n  origin_path: raw\n");
    @RegisterExtension
    final ConformanceLab traceAllowed = new ConformanceLab().yaml("requests:\n  allow_trace: true\n");

    @Test
    void shouldForwardTheRawPathAndStillBlockOnTheNormalisedOne() throws Exception {
        assertEquals(200, rawPath.send("GET /a//b/./%7Ec?x HTTP/1.1\r\nHost: a\r\n\r\n").status());
        assertEquals("/a//b/./%7Ec?x", rawPath.origin().awaitRequest().target());
        assertEquals(403, rawPath.send("GET //%61dmin HTTP/1.1\r\nHost: a\r\n\r\n").status());
        assertEquals(200, rawPath.send("GET http://a.example//x HTTP/1.1\r\nHost: a\r\n\r\n").status());
        assertEquals("//x", rawPath.origin().awaitRequest().target(), "absolute-form: origin-form, raw path");
        rawPath.assertNothingReachedOrigin();
    }

    @Test
    void shouldForwardTraceWhenAllowed() throws Exception {
        assertEquals(200, traceAllowed.send("TRACE /t HTTP/1.1\r\nHost: a\r\n\r\n").status());
        assertEquals("TRACE /t HTTP/1.1", traceAllowed.origin().awaitRequest().requestLine());
    }
}
