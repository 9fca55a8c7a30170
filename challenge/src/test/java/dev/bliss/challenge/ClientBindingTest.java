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

    @Test
    void shouldGiveEveryUserAgentItsOwnHashWhateverItRemembers() {
        // more texts than remembered slots, twice over: a remembered key is only ever an equal text's
        ClientBinding binding = new ClientBinding();
        for (int round = 0; round < 2; round++) {
            for (int i = 0; i < 500; i++) {
                String userAgent = "Mozilla/5.0 (X11; Linux x86_64) Chrome/" + i + ".0 Safari/537.36";
                assertEquals(Hash64.of(userAgent), binding.bind(null, new String(userAgent), null).userAgent(), userAgent);
                assertEquals(Hash64.of(userAgent), binding.bind(null, new StringBuilder(userAgent), null).userAgent());
            }
        }
    }
}
