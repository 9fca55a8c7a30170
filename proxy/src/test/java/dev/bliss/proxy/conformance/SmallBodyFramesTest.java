package dev.bliss.proxy.conformance;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.bliss.proxy.testing.Await;
import dev.bliss.proxy.testing.RawHttp;
import dev.bliss.proxy.testing.RawHttp2;
import dev.bliss.proxy.testing.RecordingOrigin;
import io.vertx.core.Future;
import io.vertx.core.Vertx;
import io.vertx.core.http.HttpClient;
import io.vertx.core.http.HttpClientOptions;
import io.vertx.core.http.HttpClientResponse;
import io.vertx.core.http.HttpMethod;
import io.vertx.core.http.HttpVersion;
import io.vertx.core.http.RequestOptions;
import java.io.ByteArrayOutputStream;
import java.io.InputStream;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;

/**
 * A body sent in many small pieces at once (HTTP/2 DATA frames, HTTP/1.1 chunks, in one socket
 * write) is relayed in few pieces, not one chunk or DATA frame (and write) per piece received.
 * The assertions count what the proxy framed (chunks the origin got, DATA frames the client got),
 * which TCP cannot merge, rather than the segments it sent.
 */
class SmallBodyFramesTest {

    /** Pieces per body: one socket write of them, about 1.5 KB with their framing. */
    private static final int PIECES = 64;
    /** The most pieces the proxy may relay them in: one per read burst, and a burst may end early. */
    private static final int AT_MOST = 8;

    @RegisterExtension
    static final ConformanceLab bliss = new ConformanceLab();

    @BeforeEach
    void answerOk() throws Exception {
        bliss.origin().respondWith(RecordingOrigin.OK);
    }

    private static List<String> pieces() {
        List<String> pieces = new ArrayList<>();
        for (int i = 0; i < PIECES; i++) {
            pieces.add("piece-%03d;".formatted(i));
        }
        return pieces;
    }

    @Test
    void shouldRelayAnHttp2UploadOfSmallDataFramesInFewChunks() throws Exception {
        try (RawHttp2 h2 = bliss.http2()) {
            // the first upload opens the origin connection; the second finds it idle in the pool
            for (int stream = 1; stream <= 3; stream += 2) {
                h2.headers(stream, RawHttp2.request("POST", "a", "/upload"), false);
                h2.data(stream, pieces(), true);
                assertEquals(200, h2.response(stream).status());
                RecordingOrigin.Request seen = bliss.origin().awaitRequest();
                assertEquals(String.join("", pieces()), seen.bodyText());
                int chunks = seen.chunks();
                assertTrue(chunks >= 1 && chunks <= AT_MOST, PIECES + " DATA frames relayed in " + chunks + " chunks");
            }
        }
    }

    @Test
    void shouldPassAnHttp2UploadOfSmallFramesBeyondTheFlowControlWindowWhole() throws Exception {
        // 16,384 writes of 64 bytes (1 MiB, sixteen times the initial window): the stream is read
        // in bursts now, and each burst must still give the client its window back
        Vertx vertx = Vertx.vertx();
        try {
            HttpClient h2 = vertx.createHttpClient(new HttpClientOptions()
                    .setProtocolVersion(HttpVersion.HTTP_2).setHttp2ClearTextUpgrade(false));
            String piece = "0123456789abcdef".repeat(4);
            Future<Integer> status = h2.request(new RequestOptions().setMethod(HttpMethod.POST)
                            .setHost("127.0.0.1").setPort(bliss.proxy().port(0)).setURI("/large"))
                    .compose(req -> {
                        req.setChunked(true);
                        for (int i = 0; i < 16_384; i++) {
                            req.write(piece);
                        }
                        req.end();
                        return req.response();
                    })
                    .map(HttpClientResponse::statusCode);
            assertEquals(200, Await.result(status));
        } finally {
            vertx.close().await();
        }
        RecordingOrigin.Request seen = bliss.origin().awaitRequest();
        assertEquals(1 << 20, seen.body().length);
        assertEquals("0123456789abcdef".repeat(1 << 16), seen.bodyText());
    }

    @Test
    void shouldRelayAnHttp11UploadOfSmallChunksInFewChunks() throws Exception {
        StringBuilder body = new StringBuilder();
        for (String piece : pieces()) {
            body.append(Integer.toHexString(piece.length())).append("\r\n").append(piece).append("\r\n");
        }
        body.append("0\r\n\r\n");
        try (RawHttp c = bliss.client()) {
            for (int i = 0; i < 2; i++) {
                c.send("POST /upload HTTP/1.1\r\nHost: a\r\nTransfer-Encoding: chunked\r\n\r\n" + body);
                assertEquals(200, c.read().status());
                RecordingOrigin.Request seen = bliss.origin().awaitRequest();
                assertEquals(String.join("", pieces()), seen.bodyText());
                int chunks = seen.chunks();
                assertTrue(chunks >= 1 && chunks <= AT_MOST, PIECES + " chunks relayed in " + chunks);
            }
        }
    }

    @Test
    void shouldRelayAResponseOfSmallChunksToAnHttp2ClientInFewDataFrames() throws Exception {
        bliss.origin().respondWith(chunkedResponse());
        try (RawHttp2 h2 = bliss.http2()) {
            for (int stream = 1; stream <= 3; stream += 2) {
                h2.headers(stream, RawHttp2.request("GET", "a", "/download"), true);
                RawHttp2.Response r = h2.response(stream);
                assertEquals(200, r.status());
                assertEquals(String.join("", pieces()), r.body());
                assertTrue(r.dataFrames() >= 1 && r.dataFrames() <= AT_MOST, PIECES + " chunks relayed in " + r.dataFrames() + " DATA frames");
            }
        }
    }

    @Test
    void shouldRelayAResponseOfSmallChunksToAnHttp11ClientInFewChunks() throws Exception {
        bliss.origin().respondWith(chunkedResponse());
        try (RawHttp c = bliss.client()) {
            for (int i = 0; i < 2; i++) {
                c.send("GET /download HTTP/1.1\r\nHost: a\r\n\r\n");
                List<Integer> sizes = chunkSizes(c);
                assertEquals(String.join("", pieces()).length(), sizes.stream().mapToInt(Integer::intValue).sum());
                assertTrue(sizes.size() <= AT_MOST, PIECES + " chunks relayed in " + sizes.size() + ": " + sizes);
            }
        }
    }

    private static String chunkedResponse() {
        StringBuilder response = new StringBuilder("HTTP/1.1 200 OK\r\nContent-Type: text/plain\r\nTransfer-Encoding: chunked\r\n\r\n");
        for (String piece : pieces()) {
            response.append(Integer.toHexString(piece.length())).append("\r\n").append(piece).append("\r\n");
        }
        return response.append("0\r\n\r\n").toString();
    }

    /** Reads a chunked response's head and body and returns the sizes of its chunks, as framed. */
    private static List<Integer> chunkSizes(RawHttp c) throws Exception {
        InputStream in = c.in();
        String line;
        boolean chunked = false;
        while (!(line = line(in)).isEmpty()) {
            chunked |= line.equalsIgnoreCase("transfer-encoding: chunked");
        }
        assertTrue(chunked, "a chunked response");
        List<Integer> sizes = new ArrayList<>();
        for (int size = Integer.parseInt(line(in), 16); size > 0; size = Integer.parseInt(line(in), 16)) {
            sizes.add(size);
            in.readNBytes(size);
            line(in);
        }
        line(in);
        return sizes;
    }

    private static String line(InputStream in) throws Exception {
        ByteArrayOutputStream b = new ByteArrayOutputStream();
        for (int c = in.read(); c != '\n'; c = in.read()) {
            assertTrue(c >= 0, "connection closed");
            if (c != '\r') {
                b.write(c);
            }
        }
        return b.toString(StandardCharsets.ISO_8859_1);
    }
}
