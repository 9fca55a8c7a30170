package dev.bliss.proxy.conformance;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.bliss.proxy.testing.RawHttp;
import dev.bliss.proxy.testing.RawHttp2;
import dev.bliss.proxy.testing.RecordingOrigin;
import io.netty.handler.codec.http2.Http2Headers;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;

/**
 * HTTP/2 requests (RFC 9113 §8.1, §8.2) in raw frames: a stream reset mid-upload never reaches
 * the origin as a complete request, connection-specific fields are refused, :authority is the
 * host rules see, and the header list limit is HTTP/1.1's.
 */
class Http2ConformanceTest {

    @RegisterExtension
    static final ConformanceLab bliss = new ConformanceLab();

    @Test
    void shouldResetTheOriginExchangeWhenTheClientResetsTheStreamMidUpload() throws Exception {
        try (RawHttp2 h2 = bliss.http2()) {
            h2.headers(1, RawHttp2.request("POST", "a", "/upload"), false);
            h2.data(1, "hello", false);
            bliss.origin().awaitReceiving("hello");
            h2.reset(1, 0x8); // CANCEL
            RecordingOrigin.Cut cut = bliss.origin().awaitCut();
            assertTrue(cut.text().startsWith("POST /upload HTTP/1.1\r\n"), cut.text());
            assertFalse(cut.text().contains("0\r\n\r\n"), "no last chunk: " + ProxyUnderTest.printable(cut.text()));
            // the connection's other streams go on
            h2.headers(3, RawHttp2.request("GET", "a", "/after"), true);
            assertEquals(200, h2.response(3).status());
        }
        assertEquals("/after", bliss.origin().awaitRequest().target());
    }

    @Test
    void shouldPassAWholeUploadAsOneWellFramedRequest() throws Exception {
        try (RawHttp2 h2 = bliss.http2()) {
            h2.headers(1, RawHttp2.request("POST", "a", "/upload"), false);
            h2.data(1, "hel", false);
            h2.data(1, "lo", true);
            assertEquals(200, h2.response(1).status());
        }
        RecordingOrigin.Request seen = bliss.origin().awaitRequest();
        assertEquals("hello", seen.bodyText());
        assertEquals("a", seen.header("host"));
    }

    @Test
    void shouldLetRulesSeeTheAuthority() throws Exception {
        try (RawHttp2 h2 = bliss.http2()) {
            h2.headers(1, RawHttp2.request("GET", "internal.example", "/x"), true);
            assertEquals(403, h2.response(1).status());
        }
        bliss.assertNothingReachedOrigin();
    }

    @Test
    void shouldAcceptAHostHeaderBesideTheAuthority() throws Exception {
        // RFC 9113 §8.3.1 lets a client send both; the one host the origin gets is the authority
        try (RawHttp2 h2 = bliss.http2()) {
            Http2Headers headers = RawHttp2.request("GET", "a.example", "/both");
            headers.add("host", "a.example");
            h2.headers(1, headers, true);
            assertEquals(200, h2.response(1).status());
        }
        RecordingOrigin.Request seen = bliss.origin().awaitRequest();
        assertEquals("a.example", seen.header("host"));
    }

    @Test
    void shouldRefuseAHostHeaderThatDiffersFromTheAuthority() throws Exception {
        try (RawHttp2 h2 = bliss.http2()) {
            Http2Headers headers = RawHttp2.request("GET", "public.example", "/x");
            headers.add("host", "internal.example");
            h2.headers(1, headers, true);
            assertEquals(400, h2.response(1).status());
        }
        bliss.assertNothingReachedOrigin();
    }

    @Test
    void shouldRefuseConnectionSpecificFields() throws Exception {
        try (RawHttp2 h2 = bliss.http2()) {
            Http2Headers headers = RawHttp2.request("POST", "a", "/te");
            headers.add("transfer-encoding", "chunked");
            h2.headers(1, headers, false);
            RawHttp2.Response r = h2.response(1);
            assertTrue(r.resetCode() > 0 || r.status() == 400, "refused: " + r);
        }
        bliss.assertNothingReachedOrigin();
    }

    @Test
    void shouldRefuseAPathNotInOriginForm() throws Exception {
        try (RawHttp2 h2 = bliss.http2()) {
            h2.headers(1, RawHttp2.request("GET", "a", "/a#frag"), true);
            RawHttp2.Response r = h2.response(1);
            assertTrue(r.status() == 400 || r.resetCode() > 0, "refused: " + r);
        }
        bliss.assertNothingReachedOrigin();
    }

    @Test
    void shouldApplyHttp11sHeaderLimitToHttp2() throws Exception {
        // limits.max_header_size (16 KiB by default) bounds both: 12 KiB of headers pass on either, 20 KiB on neither
        String twelve = "x".repeat(12 * 1024);
        String twenty = "x".repeat(20 * 1024);
        assertEquals(200, bliss.send("GET /h1 HTTP/1.1\r\nHost: a\r\nX-Big: " + twelve + "\r\n\r\n").status());
        assertEquals(431, bliss.send("GET /h1 HTTP/1.1\r\nHost: a\r\nX-Big: " + twenty + "\r\n\r\n").status());
        try (RawHttp2 h2 = bliss.http2()) {
            Http2Headers small = RawHttp2.request("GET", "a", "/h2");
            small.add("x-big", twelve);
            h2.headers(1, small, true);
            assertEquals(200, h2.response(1).status());
            Http2Headers large = RawHttp2.request("GET", "a", "/h2");
            large.add("x-big", twenty);
            h2.headers(3, large, true);
            RawHttp2.Response r = h2.response(3);
            assertTrue(r.status() == 431 || r.resetCode() > 0, "refused: " + r);
        }
        assertEquals("/h1", bliss.origin().awaitRequest().target());
        assertEquals("/h2", bliss.origin().awaitRequest().target());
        bliss.assertNothingReachedOrigin();
    }

    @Test
    void shouldAnswer100ContinueOverHttp2OnlyOnceForwarded() throws Exception {
        try (RawHttp2 h2 = bliss.http2()) {
            Http2Headers headers = RawHttp2.request("POST", "a", "/upload");
            headers.add("expect", "100-continue").add("content-length", "5");
            h2.headers(1, headers, false);
            h2.data(1, "hello", true);
            assertEquals(200, h2.response(1).status());
        }
        RecordingOrigin.Request seen = bliss.origin().awaitRequest();
        assertEquals("hello", seen.bodyText());
        assertEquals(java.util.List.of(), seen.headers("expect"));
    }

    @Test
    void shouldKeepHttp11AndHttp2OnOnePortWorking() throws Exception {
        try (RawHttp c = bliss.client()) {
            c.send("GET /one HTTP/1.1\r\nHost: a\r\n\r\n");
            assertEquals(200, c.read().status());
        }
        assertEquals("/one", bliss.origin().awaitRequest().target());
    }
}
