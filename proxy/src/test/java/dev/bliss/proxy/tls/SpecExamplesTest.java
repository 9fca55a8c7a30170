package dev.bliss.proxy.tls;

import static org.junit.jupiter.api.Assertions.assertEquals;

import org.junit.jupiter.api.Test;

/** The worked examples of the two specifications, rebuilt as ClientHellos. */
class SpecExamplesTest {

    private static TlsFingerprint fingerprint(ClientHelloBuilder hello) {
        byte[] body = hello.body();
        return new TlsFingerprinter().fingerprint(body, 0, body.length);
    }

    /** JA4.md: 15 ciphers, 16 extensions in this order, these signature algorithms, ALPN h2. */
    private static ClientHelloBuilder ja4Example(int... signatureAlgorithms) {
        return new ClientHelloBuilder()
                .ciphers(0x1301, 0x1302, 0x1303, 0xc02b, 0xc02f, 0xc02c, 0xc030, 0xcca9, 0xcca8, 0xc013, 0xc014,
                        0x009c, 0x009d, 0x002f, 0x0035)
                .emptyExtension(0x001b).serverName("example.com").emptyExtension(0x0033).alpn("h2")
                .emptyExtension(0x4469).emptyExtension(0x0017).emptyExtension(0x002d)
                .u16ListExtension(0x000d, signatureAlgorithms).emptyExtension(0x0005).emptyExtension(0x0023)
                .emptyExtension(0x0012).supportedVersions(0x0304, 0x0303).emptyExtension(0xff01)
                .pointFormats(0).u16ListExtension(0x000a, 0x001d).emptyExtension(0x0015);
    }

    @Test
    void shouldGiveTheJa4SpecificationsExampleFingerprintAndRawForm() {
        TlsFingerprint f = fingerprint(ja4Example(0x0403, 0x0804, 0x0401, 0x0503, 0x0805, 0x0501, 0x0806, 0x0601));
        assertEquals("t13d1516h2_8daaf6152771_e5627efa2ab1", f.ja4());
        assertEquals("t13d1516h2_002f,0035,009c,009d,1301,1302,1303,c013,c014,c02b,c02c,c02f,c030,cca8,cca9_"
                + "0005,000a,000b,000d,0012,0015,0017,001b,0023,002b,002d,0033,4469,ff01_"
                + "0403,0804,0401,0503,0805,0501,0806,0601", f.ja4Raw());
    }

    @Test
    void shouldHashTheExtensionsWithoutAnUnderscoreWhenThereAreNoSignatureAlgorithms() {
        TlsFingerprint f = fingerprint(ja4Example());
        assertEquals("t13d1516h2_8daaf6152771_6d807ffa2a79", f.ja4());
    }

    @Test
    void shouldGiveTheJa3ReadmesFirstExample() {
        TlsFingerprint f = fingerprint(new ClientHelloBuilder().version(0x0301)
                .ciphers(47, 53, 5, 10, 49161, 49162, 49171, 49172, 50, 56, 19, 4)
                .serverName("example.com").u16ListExtension(10, 23, 24, 25).pointFormats(0));
        assertEquals("769,47-53-5-10-49161-49162-49171-49172-50-56-19-4,0-10-11,23-24-25,0", f.ja3());
        assertEquals("ada70206e40642a3e4461f35503241d5", f.ja3Hash());
    }

    @Test
    void shouldLeaveFieldsEmptyWithoutExtensionsAsInTheJa3ReadmesSecondExample() {
        TlsFingerprint f = fingerprint(new ClientHelloBuilder().version(0x0301)
                .ciphers(4, 5, 10, 9, 100, 98, 3, 6, 19, 18, 99).noExtensionBlock());
        assertEquals("769,4-5-10-9-100-98-3-6-19-18-99,,,", f.ja3());
        assertEquals("de350869b8c85de67a350c8d186f11e6", f.ja3Hash());
        assertEquals("t10i110000_", f.ja4().substring(0, 11));
        assertEquals("000000000000", f.ja4().substring(24), "no extensions: c is zeros");
    }
}
