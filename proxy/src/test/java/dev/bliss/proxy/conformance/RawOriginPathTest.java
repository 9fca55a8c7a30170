package dev.bliss.proxy.conformance;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** {@code requests.origin_path: raw}: the origin gets the path as sent, rules still the normalised one. */
class RawOriginPathTest {

    @TempDir
    Path dir;

    @Test
    void shouldForwardTheRawPathAndStillBlockOnTheNormalisedOne() throws Exception {
        try (ProxyUnderTest bliss = new ProxyUnderTest(dir, "requests:\n  origin_path: raw\n")) {
            assertEquals(200, bliss.send("GET /a//b/./%7Ec?x HTTP/1.1\r\nHost: a\r\n\r\n").status());
            assertEquals("/a//b/./%7Ec?x", bliss.origin.awaitRequest().target());
            assertEquals(403, bliss.send("GET //%61dmin HTTP/1.1\r\nHost: a\r\n\r\n").status());
            assertEquals(200, bliss.send("GET http://a.example//x HTTP/1.1\r\nHost: a\r\n\r\n").status());
            assertEquals("//x", bliss.origin.awaitRequest().target(), "absolute-form: origin-form, raw path");
            bliss.assertNothingReachedOrigin();
        }
    }

    @Test
    void shouldForwardTraceWhenAllowed() throws Exception {
        try (ProxyUnderTest bliss = new ProxyUnderTest(dir, "requests:\n  allow_trace: true\n")) {
            assertEquals(200, bliss.send("TRACE /t HTTP/1.1\r\nHost: a\r\n\r\n").status());
            assertEquals("TRACE /t HTTP/1.1", bliss.origin.awaitRequest().requestLine());
        }
    }
}
