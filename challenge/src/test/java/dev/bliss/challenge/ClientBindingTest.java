package dev.bliss.challenge;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotEquals;

import dev.bliss.challenge.internal.Hash64;
import org.junit.jupiter.api.Test;

/** What of a JA4 the binding keeps: what a resumed TLS session does not change. */
class ClientBindingTest {

    /** Chrome's full handshake, and the same browser resuming: one extension more (pre_shared_key), another part c. */
    private static final String FULL = "t13d1516h2_8daaf6152771_02713d6af862";
    private static final String RESUMED = "t13d1517h2_8daaf6152771_b1ff8ab2d16f";

    @Test
    void shouldKeepTheBindingAcrossASessionResumption() {
        assertEquals(ClientBinding.ja4Key(FULL), ClientBinding.ja4Key(RESUMED));
    }

    @Test
    void shouldTellOtherTlsStacksApart() {
        long key = ClientBinding.ja4Key(FULL);
        assertNotEquals(key, ClientBinding.ja4Key("t13d1416h2_8daaf6152771_02713d6af862"), "another cipher count");
        assertNotEquals(key, ClientBinding.ja4Key("t13d1516h2_8daaf6152772_02713d6af862"), "another cipher list");
        assertNotEquals(key, ClientBinding.ja4Key("t12d1516h2_8daaf6152771_02713d6af862"), "another TLS version");
        assertNotEquals(key, ClientBinding.ja4Key("t13i1516h2_8daaf6152771_02713d6af862"), "no SNI");
        assertNotEquals(key, ClientBinding.ja4Key("t13d1516h1_8daaf6152771_02713d6af862"), "another ALPN");
    }

    @Test
    void shouldHashAJa4OfAnotherShapeWhole() {
        assertEquals(Hash64.of("not-a-ja4"), ClientBinding.ja4Key("not-a-ja4"));
        assertEquals(0, new ClientBinding().bind(null, null, "").ja4());
    }
}
