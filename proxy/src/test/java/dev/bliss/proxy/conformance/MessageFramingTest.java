package dev.bliss.proxy.conformance;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.bliss.proxy.testing.RawHttp;
import dev.bliss.proxy.testing.RecordingOrigin;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/**
 * Message framing, RFC 9112 §6 (and the header-field rules of §5 that framing depends on): every
 * head whose body length two parsers could read two ways is refused before any origin sees it,
 * and the connection is closed; the well-framed ones reach the origin as exactly one well-framed
 * request.
 */
class MessageFramingTest {

    @RegisterExtension
    static final ConformanceLab bliss = new ConformanceLab();

    // ---- refused: Transfer-Encoding (§6.1, §6.3)

    @Test
    void shouldRefuseTransferEncodingWithContentLengthOverHttp11() throws Exception {
        bliss.assertRefused("POST / HTTP/1.1\r\nHost: a\r\nContent-Length: 6\r\nTransfer-Encoding: chunked\r\n\r\n"
                + "0\r\n\r\nGET /smuggled HTTP/1.1\r\nHost: a\r\n\r\n", 400);
    }

    @Test
    void shouldRefuseTransferEncodingWithContentLengthOverHttp10() throws Exception {
        // the case: the body was de-chunked and the Content-Length forwarded, so the origin
        // read the rest as a second request the firewall never saw
        bliss.assertRefused("POST / HTTP/1.0\r\nTransfer-Encoding: chunked\r\nContent-Length: 40\r\n\r\n"
                + "0\r\n\r\nGET /admin HTTP/1.1\r\nHost: a\r\n\r\n", 400);
    }

    @Test
    void shouldRefuseTransferEncodingOnHttp10() throws Exception {
        bliss.assertRefused("POST / HTTP/1.0\r\nTransfer-Encoding: chunked\r\n\r\n3\r\nabc\r\n0\r\n\r\n", 400);
    }

    @Test
    void shouldRefuseTwoTransferEncodingLines() throws Exception {
        bliss.assertRefused("POST / HTTP/1.1\r\nHost: a\r\nTransfer-Encoding: chunked\r\nTransfer-Encoding: chunked\r\n\r\n0\r\n\r\n", 400);
    }

    @ParameterizedTest
    @ValueSource(strings = {"chunked, identity", "identity, chunked", "xchunked", "chunked;q=1", "gzip, chunked", "identity", "chunk"})
    void shouldAnswer501ToAnyCodingButExactlyChunked(String coding) throws Exception {
        bliss.assertRefused("POST / HTTP/1.1\r\nHost: a\r\nTransfer-Encoding: " + coding + "\r\n\r\n0\r\n\r\n", 501);
    }

    @ParameterizedTest
    @ValueSource(strings = {"Transfer-Encoding:\u000bchunked", "Transfer-Encoding : chunked", " Transfer-Encoding: chunked",
            "Transfer-Encoding: chunked\r\n x"})
    void shouldRefuseWhitespaceVariantsOfTransferEncoding(String line) throws Exception {
        bliss.assertRefused("POST / HTTP/1.1\r\nHost: a\r\n" + line + "\r\n\r\n0\r\n\r\n", 400);
    }

    @Test
    void shouldPassOneChunkedRequestAsOneWellFramedRequest() throws Exception {
        RawHttp.Response r = bliss.send("POST /upload HTTP/1.1\r\nHost: a\r\nTransfer-Encoding: Chunked\r\n\r\n"
                + "3\r\nabc\r\n4;ext=1\r\ndefg\r\n0\r\n\r\n");
        assertEquals(200, r.status());
        RecordingOrigin.Request seen = bliss.origin().awaitRequest();
        assertEquals("POST /upload HTTP/1.1", seen.requestLine());
        assertEquals("chunked", seen.header("transfer-encoding"));
        assertNull(seen.header("content-length"));
        assertEquals("abcdefg", seen.bodyText());
        bliss.assertNothingReachedOrigin();
    }

    // ---- refused: Content-Length (§6.3) — these held before and must keep holding

    @ParameterizedTest
    @ValueSource(strings = {"Content-Length: 3\r\nContent-Length: 4", "Content-Length: 3, 4", "Content-Length: 3\r\nContent-Length: 3",
            "Content-Length: -1", "Content-Length: 0x3", "Content-Length: 3 3"})
    void shouldRefuseAmbiguousContentLengths(String lines) throws Exception {
        bliss.assertRefused("POST / HTTP/1.1\r\nHost: a\r\n" + lines + "\r\n\r\nabcd", 400);
    }

    @Test
    void shouldPassAContentLengthBodyWhole() throws Exception {
        RawHttp.Response r = bliss.send("POST /form HTTP/1.1\r\nHost: a\r\nContent-Length: 5\r\n\r\nhello");
        assertEquals(200, r.status());
        RecordingOrigin.Request seen = bliss.origin().awaitRequest();
        assertEquals("5", seen.header("content-length"));
        assertEquals("hello", seen.bodyText());
    }

    // ---- refused: header fields (§5), held before and kept

    @Test
    void shouldRefuseObsFold() throws Exception {
        bliss.assertRefused("GET / HTTP/1.1\r\nHost: a\r\nX-A: b\r\n c\r\n\r\n", 400);
    }

    @Test
    void shouldRefuseObsFoldWithATab() throws Exception {
        bliss.assertRefused("GET / HTTP/1.1\r\nHost: a\r\nX-A: b\r\n\tc\r\n\r\n", 400);
    }

    @Test
    void shouldRefuseWhitespaceBeforeTheFirstHeader() throws Exception {
        bliss.assertRefused("GET / HTTP/1.1\r\n Host: a\r\n\r\n", 400);
    }

    @Test
    void shouldRefuseObsFoldOnAKeptAliveConnectionsSecondRequest() throws Exception {
        try (RawHttp c = bliss.client()) {
            c.send("GET /first HTTP/1.1\r\nHost: a\r\n\r\n");
            assertEquals(200, c.read().status());
            assertEquals("/first", bliss.origin().awaitRequest().target());
            c.send("GET /second HTTP/1.1\r\nHost: a\r\nX-A: b\r\n c\r\n\r\n");
            assertEquals(400, c.read().status());
            assertTrue(c.closedByPeer());
        }
        bliss.assertNothingReachedOrigin();
    }

    @Test
    void shouldNotTakeASpaceAtTheStartOfABodyLineForObsFold() throws Exception {
        RawHttp.Response r = bliss.send("POST /b HTTP/1.1\r\nHost: a\r\nContent-Length: 8\r\n\r\nx\r\n y\r\n ");
        assertEquals(200, r.status());
        assertEquals("x\r\n y\r\n ", bliss.origin().awaitRequest().bodyText());
    }

    @ParameterizedTest
    @ValueSource(strings = {"GET / HTTP/1.1\nHost: a\n\n", "GET / HTTP/1.1\r\nHost: a\nX: y\r\n\r\n",
            "GET / HTTP/1.1\r\nHost: a\r\nX: a\0b\r\n\r\n", "GET / HTTP/1.1\r\nHost: a\r\nX: a\rb\r\n\r\n",
            "GET / HTTP/1.1\r\nHost: a\r\nX\0Y: b\r\n\r\n", "GET / HTTP/1.1\r\nHost: a\r\nX Y: b\r\n\r\n",
            "GET / HTTP/1.1\r\nHost: a\r\nno colon\r\n\r\n", "GET / HTTP/1.1 x\r\nHost: a\r\n\r\n",
            "GET / HTTP/9.9\r\nHost: a\r\n\r\n", "GET / HTTP/2.0\r\nHost: a\r\n\r\n"})
    void shouldRefuseMalformedHeads(String head) throws Exception {
        try (RawHttp c = bliss.client()) {
            c.sendBytes(head.getBytes(java.nio.charset.StandardCharsets.ISO_8859_1));
            RawHttp.Response r = c.read();
            assertTrue(r.status() == 400 || r.status() == 505, () -> ProxyUnderTest.printable(head) + " answered " + r);
            assertTrue(c.closedByPeer());
        }
        bliss.assertNothingReachedOrigin();
    }

    // ---- bodies broken off (the defect 6)

    @Test
    void shouldResetTheOriginExchangeOnAMalformedChunkLine() throws Exception {
        try (RawHttp c = bliss.client()) {
            c.send("POST /upload HTTP/1.1\r\nHost: a\r\nTransfer-Encoding: chunked\r\n\r\n3\r\nabc\r\n");
            RecordingOrigin.Cut cut = null;
            c.send("zz-not-hex\r\n");
            RawHttp.Response r = c.read();
            assertEquals(400, r.status());
            assertTrue(c.closedByPeer());
            cut = bliss.origin().awaitCut();
            assertFalse(cut.text().endsWith("0\r\n\r\n"), "the origin never got a last chunk: " + ProxyUnderTest.printable(cut.text()));
            assertTrue(cut.text().startsWith("POST /upload HTTP/1.1\r\n"), cut.text());
        }
        assertEquals(java.util.List.of(), bliss.origin().pendingRequests(), "no complete request reached the origin");
    }

    @Test
    void shouldResetTheOriginExchangeWhenTheClientAbortsAChunkedUpload() throws Exception {
        try (RawHttp c = bliss.client()) {
            c.send("POST /upload HTTP/1.1\r\nHost: a\r\nTransfer-Encoding: chunked\r\n\r\n5\r\nhello\r\n");
            bliss.origin().awaitReceiving("hello"); // then the client goes away mid-body
            c.reset();
        }
        RecordingOrigin.Cut cut = bliss.origin().awaitCut();
        assertTrue(cut.text().startsWith("POST /upload HTTP/1.1\r\n"), cut.text());
        assertFalse(cut.text().contains("0\r\n\r\n"), "the origin never got a last chunk: " + ProxyUnderTest.printable(cut.text()));
        assertEquals(java.util.List.of(), bliss.origin().pendingRequests());
    }

    @Test
    void shouldResetTheOriginExchangeWhenTheClientClosesInAContentLengthBody() throws Exception {
        try (RawHttp c = bliss.client()) {
            c.send("POST /upload HTTP/1.1\r\nHost: a\r\nContent-Length: 100\r\n\r\nonly part");
            bliss.origin().awaitReceiving("Content-Length: 100");
        }
        RecordingOrigin.Cut cut = bliss.origin().awaitCut();
        assertTrue(cut.text().endsWith("only part"), cut.text());
        assertEquals(java.util.List.of(), bliss.origin().pendingRequests());
    }

    // ---- Expect: 100-continue (RFC 9110 §10.1.1)

    @Test
    void shouldAnswer100ContinueOnlyOnceTheRequestWillBeForwarded() throws Exception {
        try (RawHttp c = bliss.client()) {
            c.send("POST /upload HTTP/1.1\r\nHost: a\r\nContent-Length: 5\r\nExpect: 100-continue\r\n\r\n");
            RawHttp.Response interim = c.read();
            assertEquals(100, interim.status());
            c.send("hello");
            assertEquals(200, c.read().status());
        }
        RecordingOrigin.Request seen = bliss.origin().awaitRequest();
        assertNull(seen.header("expect"), "the expectation was met by the proxy: the origin is not asked again");
        assertEquals("hello", seen.bodyText());
    }

    @Test
    void shouldNotAnswer100ContinueToARequestTheRulesBlock() throws Exception {
        try (RawHttp c = bliss.client()) {
            c.send("POST /admin HTTP/1.1\r\nHost: a\r\nContent-Length: 5\r\nExpect: 100-continue\r\n\r\n");
            RawHttp.Response r = c.read();
            assertEquals(403, r.status(), "the block, not a 100, is the first answer");
            assertTrue(c.closedByPeer(), "the unread body is not taken for a next request");
        }
        bliss.assertNothingReachedOrigin();
    }
}
