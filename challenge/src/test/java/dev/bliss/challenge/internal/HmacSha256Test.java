package dev.bliss.challenge.internal;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;

import java.nio.charset.StandardCharsets;
import java.util.HexFormat;
import java.util.Random;
import javax.crypto.Mac;
import javax.crypto.spec.SecretKeySpec;
import org.junit.jupiter.api.Test;

class HmacSha256Test {

    @Test
    void shouldMatchRfc4231TestCase2() {
        byte[] out = new byte[32];
        new HmacSha256("Jefe".getBytes(StandardCharsets.US_ASCII)).begin()
                .update("what do ya want for nothing?".getBytes(StandardCharsets.US_ASCII), 0, 28).finish(out, 0);
        assertEquals("5bdcc146bf60754e6a042426089575c75a003f089d2739839dec58b964ec3843", HexFormat.of().formatHex(out));
    }

    @Test
    void shouldMatchTheJdkMacOnRandomKeysAndMessages() throws Exception {
        Random random = new Random(14);
        for (int i = 0; i < 200; i++) {
            byte[] key = new byte[1 + random.nextInt(64)];
            byte[] message = new byte[random.nextInt(300)];
            random.nextBytes(key);
            random.nextBytes(message);
            Mac jdk = Mac.getInstance("HmacSHA256");
            jdk.init(new SecretKeySpec(key, "HmacSHA256"));
            byte[] ours = new byte[32];
            new HmacSha256(key).begin().update(message, 0, message.length).finish(ours, 0);
            assertArrayEquals(jdk.doFinal(message), ours);
        }
    }

    @Test
    void shouldRoundTripBase64UrlAndRefuseOtherSpellings() {
        Random random = new Random(7);
        for (int n = 0; n < 100; n++) {
            byte[] data = new byte[n];
            random.nextBytes(data);
            String text = Base64Url.encode(data, 0, n);
            assertEquals(java.util.Base64.getUrlEncoder().withoutPadding().encodeToString(data), text);
            byte[] back = new byte[n + 2];
            assertEquals(n, Base64Url.decode(text, 0, text.length(), back));
            assertArrayEquals(data, java.util.Arrays.copyOf(back, n));
        }
        byte[] out = new byte[8];
        assertEquals(-1, Base64Url.decode("AB", 0, 2, out)); // trailing bits set: not a canonical spelling
        assertEquals(1, Base64Url.decode("AA", 0, 2, out));
        assertEquals(-1, Base64Url.decode("A+AA", 0, 4, out));
        assertEquals(-1, Base64Url.decode("AAAAA", 0, 5, out));
        assertEquals(-1, Base64Url.decode("AAAA\u00e9AAA", 0, 8, out));
    }

    @Test
    void shouldScanCookieHeaders() {
        String h = " a=1;b=2 ;  name=\"v a\" ; c";
        long found = CookieScanner.find(h, "name");
        assertEquals("v a", h.substring(CookieScanner.from(found), CookieScanner.to(found)));
        assertEquals("2", h.substring(CookieScanner.from(CookieScanner.find(h, "b")), CookieScanner.to(CookieScanner.find(h, "b"))));
        assertEquals(CookieScanner.ABSENT, CookieScanner.find(h, "c"));
        assertEquals(CookieScanner.ABSENT, CookieScanner.find(h, "nam"));
        assertEquals(CookieScanner.ABSENT, CookieScanner.find("", "a"));
    }
}
