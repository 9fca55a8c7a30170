package dev.bliss.proxy.tls;

import static org.junit.jupiter.api.Assertions.assertEquals;

import org.junit.jupiter.api.Test;

/** The first, readable part of JA4: version, SNI flag, counts and the ALPN characters, edge cases from JA4.md. */
class Ja4PartATest {

    private static String a(ClientHelloBuilder hello) {
        byte[] body = hello.body();
        return new TlsFingerprinter().fingerprint(body, 0, body.length).ja4().substring(0, 10);
    }

    private static String alpn(byte[]... names) {
        return a(new ClientHelloBuilder().ciphers(0x1301).alpn(names)).substring(8);
    }

    private static byte[] bytes(int... values) {
        byte[] b = new byte[values.length];
        for (int i = 0; i < values.length; i++) {
            b[i] = (byte) values[i];
        }
        return b;
    }

    @Test
    void shouldTakeTheFirstAndLastCharactersOfTheFirstAlpnName() {
        assertEquals("h1", a(new ClientHelloBuilder().ciphers(0x1301).alpn("http/1.1", "h2")).substring(8));
        assertEquals("h2", a(new ClientHelloBuilder().ciphers(0x1301).alpn("h2", "http/1.1")).substring(8));
        assertEquals("hh", alpn(bytes('h')), "a single character is both first and last");
    }

    @Test
    void shouldUseTheHexFormWhenAnEndIsNotAlphanumeric() {
        assertEquals("ab", alpn(bytes(0xab)));
        assertEquals("ad", alpn(bytes(0xab, 0xcd)));
        assertEquals("3b", alpn(bytes(0x30, 0xab)));
        assertEquals("3d", alpn(bytes(0x30, 0x31, 0xab, 0xcd)));
        assertEquals("01", alpn(bytes(0x30, 0xab, 0xcd, 0x31)));
    }

    @Test
    void shouldPrintZerosWithoutAlpnOrWithAnEmptyFirstName() {
        assertEquals("00", a(new ClientHelloBuilder().ciphers(0x1301)).substring(8));
        assertEquals("00", alpn(new byte[0], bytes('h', '2')));
    }

    @Test
    void shouldTakeTheHighestSupportedVersionElseTheHelloVersion() {
        assertEquals("t13i0101", a(new ClientHelloBuilder().ciphers(0x1301).supportedVersions(0x0303, 0x0304)).substring(0, 8));
        assertEquals("t12i0100", a(new ClientHelloBuilder().ciphers(0x1301)).substring(0, 8));
        assertEquals("t11i0100", a(new ClientHelloBuilder().version(0x0302).ciphers(0x1301)).substring(0, 8));
        assertEquals("ts3i0100", a(new ClientHelloBuilder().version(0x0300).ciphers(0x1301)).substring(0, 8));
        assertEquals("t00i0101", a(new ClientHelloBuilder().ciphers(0x1301).supportedVersions(0x0305)).substring(0, 8),
                "unknown version");
    }

    @Test
    void shouldFlagSniAndCapCountsAt99() {
        ClientHelloBuilder many = new ClientHelloBuilder().serverName("a.example");
        for (int i = 0; i < 120; i++) {
            many.ciphers(0x0100 + i);
            many.emptyExtension(0x0100 + i);
        }
        assertEquals("t12d9999", a(many).substring(0, 8));
    }
}
