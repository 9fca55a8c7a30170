package dev.bliss.proxy.tls;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import org.junit.jupiter.api.Test;

/** GREASE values (RFC 8701) leave no trace in either fingerprint, wherever they appear. */
class GreaseTest {

    private static TlsFingerprint fingerprint(ClientHelloBuilder hello) {
        byte[] body = hello.body();
        return new TlsFingerprinter().fingerprint(body, 0, body.length);
    }

    private static ClientHelloBuilder hello(boolean grease) {
        ClientHelloBuilder b = new ClientHelloBuilder();
        if (grease) {
            b.ciphers(0x0a0a).emptyExtension(0x1a1a);
        }
        b.ciphers(0x1301, 0x1302, 0xc02b).serverName("shop.example").alpn("h2", "http/1.1");
        b.supportedVersions(grease ? new int[] {0x7a7a, 0x0304, 0x0303} : new int[] {0x0304, 0x0303});
        b.u16ListExtension(0x000a, grease ? new int[] {0x2a2a, 0x001d, 0x0017} : new int[] {0x001d, 0x0017});
        b.u16ListExtension(0x000d, grease ? new int[] {0x0403, 0x3a3a, 0x0804} : new int[] {0x0403, 0x0804});
        b.pointFormats(0);
        if (grease) {
            b.extension(0xfafa, new byte[] {0});
        }
        return b;
    }

    @Test
    void shouldKnowExactlyTheSixteenGreaseValues() {
        int count = 0;
        for (int v = 0; v <= 0xffff; v++) {
            if (ClientHello.isGrease(v)) {
                count++;
                assertEquals(0x0a, v & 0x0f);
                assertEquals(v >>> 8, v & 0xff);
            }
        }
        assertEquals(16, count);
        assertTrue(ClientHello.isGrease(0x0a0a) && ClientHello.isGrease(0xfafa) && !ClientHello.isGrease(0x0a1a));
    }

    @Test
    void shouldGiveTheSameFingerprintsWithAndWithoutGrease() {
        TlsFingerprint plain = fingerprint(hello(false));
        TlsFingerprint greased = fingerprint(hello(true));
        assertEquals(plain, greased);
        assertEquals("t13d0306h2", greased.ja4().substring(0, 10));
        assertEquals("771,4865-4866-49195,0-16-43-10-13-11,29-23,0", greased.ja3());
    }

    @Test
    void shouldIgnoreGreaseInChromiumsRealClientHello() {
        Captures.Expected chromium = Captures.expected().stream().filter(e -> e.file().startsWith("chromium"))
                .findFirst().orElseThrow(() -> new AssertionError("no Chromium capture"));
        byte[] message = Captures.message(chromium.wire());
        ClientHello hello = new ClientHello();
        assertEquals(ClientHelloStatus.COMPLETE, ClientHelloParser.parse(message, 4, message.length - 4, hello));
        assertTrue(ClientHello.isGrease(hello.cipher(0)), "Chromium sends a GREASE cipher first");
        TlsFingerprint f = Captures.fingerprint(chromium.wire(), 1);
        assertEquals(chromium.ja4(), f.ja4());
        assertEquals(-1, f.ja3().indexOf(Integer.toString(hello.cipher(0))));
    }
}
