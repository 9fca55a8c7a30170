package dev.bliss.proxy.listener;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.bliss.proxy.ProxyServer;
import dev.bliss.proxy.testing.AdminHttp;
import dev.bliss.proxy.testing.Proxies;
import dev.bliss.proxy.testing.TestOrigin;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.net.InetAddress;
import java.net.Socket;
import java.nio.ByteBuffer;
import java.nio.charset.StandardCharsets;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;

/**
 * PROXY protocol v1 and v2 headers written on a raw socket, as a TCP balancer (HAProxy, AWS NLB)
 * sends them: the header's source address is the client the origin hears of in X-Forwarded-For;
 * a header from a peer that is not a trusted proxy, a missing one and a malformed one close the
 * connection before any request reaches the origin.
 */
class ProxyProtocolTest {

    private static final byte[] V2_SIGNATURE = {0x0D, 0x0A, 0x0D, 0x0A, 0x00, 0x0D, 0x0A, 0x51, 0x55, 0x49, 0x54, 0x0A};
    private static final String REQUEST = "GET /hello HTTP/1.1\r\nHost: a\r\nConnection: close\r\n\r\n";

    private final TestOrigin origin = new TestOrigin();
    private ProxyServer proxy;

    private void start(String version, String trusted) throws Exception {
        proxy = Proxies.start(Proxies.singleOrigin(origin.url(), "trusted_proxies: [" + trusted + "]\n")
                .replace("    port: 0\nadmin:", "    port: 0\n    proxy_protocol: " + version + "\nadmin:"));
    }

    @AfterEach
    void stop() {
        if (proxy != null) {
            proxy.close();
        }
        origin.close();
    }

    @Test
    void shouldTakeTheClientAddressFromAV1HeaderOfATrustedProxy() throws Exception {
        start("v1", "127.0.0.1");
        String answer = send(("PROXY TCP4 203.0.113.7 127.0.0.1 51000 443\r\n" + REQUEST).getBytes(StandardCharsets.US_ASCII));
        assertTrue(answer.startsWith("HTTP/1.1 200"), answer);
        TestOrigin.Seen seen = origin.next();
        assertEquals("/hello", seen.uri());
        assertEquals("203.0.113.7", seen.headers().get("x-forwarded-for"));
    }

    @Test
    void shouldTakeTheClientAddressFromAV2HeaderOfATrustedProxyInASeparateWrite() throws Exception {
        start("v2", "127.0.0.0/8");
        try (Socket s = socket()) {
            s.getOutputStream().write(v2(InetAddress.ofLiteral("198.51.100.9"), InetAddress.ofLiteral("127.0.0.1"), 40000, 443));
            s.getOutputStream().flush();
            s.getOutputStream().write(REQUEST.getBytes(StandardCharsets.US_ASCII));
            String answer = new String(s.getInputStream().readAllBytes(), StandardCharsets.ISO_8859_1);
            assertTrue(answer.startsWith("HTTP/1.1 200"), answer);
        }
        assertEquals("198.51.100.9", origin.next().headers().get("x-forwarded-for"));
    }

    @Test
    void shouldTakeAnIpv6ClientFromAV2Header() throws Exception {
        start("v2", "127.0.0.1");
        byte[] header = v2(InetAddress.ofLiteral("2001:db8::42"), InetAddress.ofLiteral("2001:db8::1"), 40000, 443);
        String answer = send(concat(header, REQUEST.getBytes(StandardCharsets.US_ASCII)));
        assertTrue(answer.startsWith("HTTP/1.1 200"), answer);
        assertEquals("2001:db8:0:0:0:0:0:42", origin.next().headers().get("x-forwarded-for"));
    }

    @Test
    void shouldCloseATrustedProxysConnectionWithoutAHeader() throws Exception {
        start("v1", "127.0.0.1");
        assertEquals("", send(REQUEST.getBytes(StandardCharsets.US_ASCII)));
        assertMetric("bliss_proxy_protocol_refused_total{reason=\"malformed\"} 1.0");
        assertEquals(0, origin.seenCount());
    }

    @Test
    void shouldCloseAConnectionWhoseHeaderIsMalformedOrOfTheOtherVersion() throws Exception {
        start("v1", "127.0.0.1");
        assertEquals("", send(("PROXY TCP4 203.0.113.300 127.0.0.1 1 2\r\n" + REQUEST).getBytes(StandardCharsets.US_ASCII)));
        assertEquals("", send(concat(v2(InetAddress.ofLiteral("198.51.100.9"), InetAddress.ofLiteral("127.0.0.1"), 1, 2),
                REQUEST.getBytes(StandardCharsets.US_ASCII))));
        assertMetric("bliss_proxy_protocol_refused_total{reason=\"malformed\"} 2.0");
        assertEquals(0, origin.seenCount());
    }

    @Test
    void shouldRefuseAHeaderFromAPeerThatIsNotATrustedProxyAndServeItsPlainRequests() throws Exception {
        start("v1", "10.0.0.0/8");
        assertEquals("", send(("PROXY TCP4 203.0.113.7 127.0.0.1 51000 443\r\n" + REQUEST).getBytes(StandardCharsets.US_ASCII)));
        assertEquals("", send(concat(v2(InetAddress.ofLiteral("198.51.100.9"), InetAddress.ofLiteral("127.0.0.1"), 1, 2),
                REQUEST.getBytes(StandardCharsets.US_ASCII))));
        assertMetric("bliss_proxy_protocol_refused_total{reason=\"untrusted\"} 2.0");
        assertEquals(0, origin.seenCount());
        // the same peer without a header is a direct client, known by its own address
        String answer = send(("POST /p HTTP/1.1\r\nHost: a\r\nContent-Length: 2\r\nConnection: close\r\n\r\nok")
                .getBytes(StandardCharsets.US_ASCII));
        assertTrue(answer.startsWith("HTTP/1.1 200"), answer);
        assertEquals("127.0.0.1", origin.next().headers().get("x-forwarded-for"));
    }

    private String send(byte[] bytes) throws IOException {
        try (Socket s = socket()) {
            s.getOutputStream().write(bytes);
            s.getOutputStream().flush();
            ByteArrayOutputStream in = new ByteArrayOutputStream();
            try {
                s.getInputStream().transferTo(in);
            } catch (java.net.SocketException reset) {
                // closed with unread bytes in its buffer: a reset, which is a close too
            }
            return in.toString(StandardCharsets.ISO_8859_1);
        }
    }

    private Socket socket() throws IOException {
        Socket s = new Socket("127.0.0.1", proxy.port(0));
        s.setSoTimeout(20_000);
        return s;
    }

    /** A v2 PROXY header (command PROXY, TCP over IPv4 or IPv6), as the spec lays it out. */
    static byte[] v2(InetAddress source, InetAddress destination, int sourcePort, int destinationPort) {
        byte[] src = source.getAddress();
        boolean v6 = src.length == 16;
        ByteBuffer b = ByteBuffer.allocate(16 + 2 * src.length + 4);
        b.put(V2_SIGNATURE).put((byte) 0x21).put((byte) (v6 ? 0x21 : 0x11)).putShort((short) (2 * src.length + 4));
        b.put(src).put(destination.getAddress()).putShort((short) sourcePort).putShort((short) destinationPort);
        return b.array();
    }

    private static byte[] concat(byte[] a, byte[] b) {
        byte[] all = new byte[a.length + b.length];
        System.arraycopy(a, 0, all, 0, a.length);
        System.arraycopy(b, 0, all, a.length, b.length);
        return all;
    }

    private void assertMetric(String line) throws Exception {
        String metrics = AdminHttp.get(proxy.adminPort(), "/metrics").body();
        assertTrue(metrics.contains(line), () -> "no \"" + line + "\" in "
                + metrics.lines().filter(l -> l.startsWith("bliss_proxy")).toList());
    }
}
