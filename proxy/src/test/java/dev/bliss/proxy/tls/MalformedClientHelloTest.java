package dev.bliss.proxy.tls;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertNull;

import io.netty.buffer.Unpooled;
import java.nio.charset.StandardCharsets;
import java.util.Arrays;
import org.junit.jupiter.api.Test;

/** First flights that are not a whole, well-formed ClientHello within the limit: which are waited on, which refused. */
class MalformedClientHelloTest {

    private static ClientHelloStatus offer(byte[] wire) {
        return new ClientHelloAssembler().offer(Unpooled.wrappedBuffer(wire));
    }

    private static ClientHelloBuilder valid() {
        return new ClientHelloBuilder().ciphers(0x1301).serverName("a.example").alpn("h2");
    }

    private static TlsFingerprint fingerprintOfBody(byte[] body) {
        return new TlsFingerprinter().fingerprint(body, 0, body.length);
    }

    @Test
    void shouldWaitOnEveryTruncationOfARealClientHello() {
        for (Captures.Expected e : Captures.expected()) {
            byte[] wire = e.wire();
            ClientHelloAssembler assembler = new ClientHelloAssembler();
            for (int i = 0; i < wire.length - 1; i++) {
                assertEquals(ClientHelloStatus.NEED_MORE, assembler.offer(Unpooled.wrappedBuffer(wire, i, 1)), e + " at " + i);
            }
            assertEquals(ClientHelloStatus.COMPLETE, assembler.offer(Unpooled.wrappedBuffer(wire, wire.length - 1, 1)));
        }
    }

    @Test
    void shouldRefuseWhatIsNotTls() {
        assertEquals(ClientHelloStatus.NOT_TLS, offer("GET / HTTP/1.1\r\n\r\n".getBytes(StandardCharsets.US_ASCII)));
        assertEquals(ClientHelloStatus.NOT_TLS, offer(new byte[] {(byte) 0x80, 0x2e, 0x01, 0x03, 0x01}), "SSLv2 hello");
        assertEquals(ClientHelloStatus.NOT_TLS, offer(new byte[] {21, 3, 3, 0, 2, 2, 40}), "an alert first");
    }

    @Test
    void shouldRefuseBadRecordHeaders() {
        byte[] good = valid().record();
        byte[] version = good.clone();
        version[1] = 2;
        assertEquals(ClientHelloStatus.MALFORMED, offer(version));
        assertEquals(ClientHelloStatus.MALFORMED, offer(new byte[] {22, 3, 1, 0, 0}), "empty handshake record");
        assertEquals(ClientHelloStatus.MALFORMED, offer(new byte[] {22, 3, 1, 0x40, 1}), "record over 2^14");
        byte[] message = valid().message();
        byte[] twoRecords = ClientHelloBuilder.records(message, 20);
        twoRecords[25] = 20; // the second record's type: change_cipher_spec in the middle of the hello
        assertEquals(ClientHelloStatus.MALFORMED, offer(twoRecords));
    }

    @Test
    void shouldRefuseOtherHandshakeMessagesAndOversizeHellos() {
        byte[] serverHello = valid().record();
        serverHello[5] = 2;
        assertEquals(ClientHelloStatus.MALFORMED, offer(serverHello));
        byte[] huge = new byte[] {22, 3, 1, 0, 4, 1, 0, 0x40, 0x01}; // announces 16385 bytes
        assertEquals(ClientHelloStatus.TOO_LARGE, offer(huge));
    }

    @Test
    void shouldAcceptAHelloOfExactlyTheLimit() {
        ClientHelloBuilder b = valid();
        int padding = ClientHelloAssembler.MAX_MESSAGE_LENGTH - b.body().length - 4;
        byte[] body = b.extension(0x0015, new byte[padding]).body();
        assertEquals(ClientHelloAssembler.MAX_MESSAGE_LENGTH, body.length);
        byte[] wire = ClientHelloBuilder.records(ClientHelloBuilder.message(body), 1 << 14);
        assertNotNull(Captures.fingerprint(wire, 1000));
        byte[] over = ClientHelloBuilder.records(ClientHelloBuilder.message(Arrays.copyOf(body, body.length + 1)), 1 << 14);
        assertEquals(ClientHelloStatus.TOO_LARGE, offer(over));
    }

    @Test
    void shouldRefuseBodiesWhoseLengthsDoNotAddUp() {
        byte[] body = valid().body();
        assertNotNull(fingerprintOfBody(body));
        int ciphersAt = 2 + 32 + 1 + 32;
        assertNull(fingerprintOfBody(set(body, ciphersAt + 1, 3)), "odd cipher list length");
        assertNull(fingerprintOfBody(set(body, ciphersAt + 1, 0)), "no ciphers");
        assertNull(fingerprintOfBody(set(body, 2 + 32, 33)), "session id over 32");
        assertNull(fingerprintOfBody(set(body, ciphersAt + 4, 0)), "no compression method");
        assertNull(fingerprintOfBody(Arrays.copyOf(body, body.length - 1)), "extension cut short");
        assertNull(fingerprintOfBody(Arrays.copyOf(body, body.length + 1)), "a byte after the extensions");
        assertNull(fingerprintOfBody(Arrays.copyOf(body, 40)), "body cut in the session id");
    }

    @Test
    void shouldRefuseFingerprintedExtensionsWithBadInnerLengths() {
        assertNull(fingerprintOfBody(new ClientHelloBuilder().ciphers(0x1301).extension(0x000a, new byte[] {0, 4, 0, 23}).body()));
        assertNull(fingerprintOfBody(new ClientHelloBuilder().ciphers(0x1301).extension(0x000d, new byte[] {0, 1, 4}).body()));
        assertNull(fingerprintOfBody(new ClientHelloBuilder().ciphers(0x1301).extension(0x000b, new byte[] {2, 0}).body()));
        assertNull(fingerprintOfBody(new ClientHelloBuilder().ciphers(0x1301).extension(0x002b, new byte[] {3, 3, 4, 3}).body()));
        assertNull(fingerprintOfBody(new ClientHelloBuilder().ciphers(0x1301).extension(0x0010, new byte[] {0, 3, 5, 'h', '2'}).body()),
                "ALPN name longer than its list");
        assertNotNull(fingerprintOfBody(new ClientHelloBuilder().ciphers(0x1301).extension(0x0033, new byte[] {9}).body()),
                "contents of extensions that are not fingerprinted are the engine's business");
    }

    private static byte[] set(byte[] b, int index, int value) {
        byte[] copy = b.clone();
        copy[index] = (byte) value;
        return copy;
    }
}
