package dev.bliss.proxy.tls;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;

/**
 * ClientHellos captured from real clients on this machine (JDK HttpClient, curl, openssl
 * s_client, Chromium): the fingerprints equal those of the independent Python reference
 * (reference_fingerprints.py → expected.tsv), whichever way the bytes arrive.
 */
class CapturedClientHellosTest {

    static List<Captures.Expected> captures() {
        return Captures.expected();
    }

    @Test
    void shouldHaveCapturesFromSeveralClients() {
        List<Captures.Expected> all = captures();
        assertTrue(all.size() >= 8, "captures: " + all);
        assertTrue(all.stream().anyMatch(e -> e.file().startsWith("jdk")));
        assertTrue(all.stream().anyMatch(e -> e.file().startsWith("curl")));
        assertTrue(all.stream().anyMatch(e -> e.file().startsWith("openssl")));
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("captures")
    void shouldMatchTheReferenceFingerprints(Captures.Expected expected) {
        TlsFingerprint f = Captures.fingerprint(expected.wire(), Integer.MAX_VALUE);
        assertNotNull(f, expected.file());
        assertEquals(expected.ja3(), f.ja3());
        assertEquals(expected.ja3Hash(), f.ja3Hash());
        assertEquals(expected.ja4(), f.ja4());
        assertEquals(expected.ja4Raw(), f.ja4Raw());
        assertEquals(32, f.ja3Hash().length());
        assertEquals(36, f.ja4().length());
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("captures")
    void shouldGiveTheSameFingerprintsWhenDeliveredByteByByte(Captures.Expected expected) {
        assertEquals(Captures.fingerprint(expected.wire(), Integer.MAX_VALUE), Captures.fingerprint(expected.wire(), 1));
        assertEquals(expected.ja4(), Captures.fingerprint(expected.wire(), 1).ja4());
        assertEquals(expected.ja4(), Captures.fingerprint(expected.wire(), 7).ja4());
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("captures")
    void shouldGiveTheSameFingerprintsWhenTheMessageSpansManyRecords(Captures.Expected expected) {
        byte[] message = Captures.message(expected.wire());
        for (int fragment : new int[] {1, 3, 100, 511}) {
            TlsFingerprint f = Captures.fingerprint(ClientHelloBuilder.records(message, fragment), 13);
            assertNotNull(f, "fragment " + fragment);
            assertEquals(expected.ja3Hash(), f.ja3Hash(), "fragment " + fragment);
            assertEquals(expected.ja4(), f.ja4(), "fragment " + fragment);
        }
    }

    @Test
    void shouldReassembleOpensslsClientHelloSplitIntoSeveralRecords() {
        byte[] wire = Captures.bytes("openssl-split-records.bin");
        assertTrue(Captures.message(wire).length > 100 && wire.length > Captures.message(wire).length + 10,
                "the capture holds more than one record");
        assertEquals(Captures.fingerprint(Captures.bytes("openssl-default.bin"), 1000).ja4(),
                Captures.fingerprint(wire, 1000).ja4());
    }
}
