package dev.bliss.challenge;

import static org.junit.jupiter.api.Assertions.assertEquals;

import dev.bliss.plugin.IpAddress;
import dev.bliss.plugin.SyntheticRequest;
import org.junit.jupiter.api.Test;

class ClearanceCheckTest {

    private static final String UA = "Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/140.0.0.0 Safari/537.36";
    private static final String JA4 = "t13d1516h2_8daaf6152771_02713d6af862";
    private static final long NOW = 1_800_000_000L;

    private final KeyRing keys = KeyRing.generated();
    private final ClientBinding client = new ClientBinding().bind(IpAddress.of("198.51.100.7"), UA, JA4);

    private String issue(KeyRing ring, long issuedAt, int ttl) {
        return new ClearanceIssuer(ring).issue(client, issuedAt, ttl, EnvironmentCheck.ALL);
    }

    private ClearanceStatus check(KeyRing ring, String value, ClientBinding who, long now) {
        return new ClearanceCheck(ring).check(value, 0, value.length(), who, now);
    }

    @Test
    void shouldAcceptItsOwnClearanceWithinTheTtl() {
        ClearanceCheck check = new ClearanceCheck(keys);
        String value = issue(keys, NOW, 1800);
        assertEquals(94, value.length());
        assertEquals(ClearanceStatus.VALID, check.check(value, 0, value.length(), client, NOW + 1799));
        assertEquals(NOW, check.issuedSeconds());
        assertEquals(EnvironmentCheck.ALL, check.checks());
    }

    @Test
    void shouldAcceptAnotherAddressOfTheSamePrefix() {
        String value = issue(keys, NOW, 1800);
        ClientBinding sameSlash24 = new ClientBinding().bind(IpAddress.of("198.51.100.200"), UA, JA4);
        assertEquals(ClearanceStatus.VALID, check(keys, value, sameSlash24, NOW));
    }

    @Test
    void shouldRefuseAClearanceFromAnotherPrefix() {
        String value = issue(keys, NOW, 1800);
        ClientBinding elsewhere = new ClientBinding().bind(IpAddress.of("198.51.101.7"), UA, JA4);
        assertEquals(ClearanceStatus.OTHER_PREFIX, check(keys, value, elsewhere, NOW));
        ClientBinding v6 = new ClientBinding().bind(IpAddress.of("2001:db8::7"), UA, JA4);
        assertEquals(ClearanceStatus.OTHER_PREFIX, check(keys, value, v6, NOW));
    }

    @Test
    void shouldRefuseAClearanceFromAnotherUserAgentOrJa4() {
        String value = issue(keys, NOW, 1800);
        assertEquals(ClearanceStatus.OTHER_USER_AGENT,
                check(keys, value, new ClientBinding().bind(IpAddress.of("198.51.100.7"), "curl/8.5.0", JA4), NOW));
        assertEquals(ClearanceStatus.OTHER_JA4,
                check(keys, value, new ClientBinding().bind(IpAddress.of("198.51.100.7"), UA, "t13d1216h2_5b57614c22b0_3d5424432f57"), NOW));
        assertEquals(ClearanceStatus.VALID,
                check(keys, value, new ClientBinding().bind(IpAddress.of("198.51.100.7"), UA, "t13d1517h2_8daaf6152771_b0da82dd1658"), NOW),
                "the same TLS stack resuming its session (one extension more, another part c)");
        assertEquals(ClearanceStatus.OTHER_JA4,
                check(keys, value, new ClientBinding().bind(IpAddress.of("198.51.100.7"), UA, null), NOW));
    }

    @Test
    void shouldRefuseAClearanceAfterItsTtl() {
        String value = issue(keys, NOW, 1800);
        assertEquals(ClearanceStatus.EXPIRED, check(keys, value, client, NOW + 1800));
        assertEquals(ClearanceStatus.EXPIRED, check(keys, value, client, NOW - ClearanceCheck.CLOCK_SKEW_SECONDS - 1));
    }

    @Test
    void shouldRefuseEveryFlippedBit() {
        String value = issue(keys, NOW, 1800);
        ClearanceCheck check = new ClearanceCheck(keys);
        // a valid token first, so that the seen-token cache holds it and must not excuse a look-alike
        assertEquals(ClearanceStatus.VALID, check.check(value, 0, value.length(), client, NOW));
        byte[] decoded = new byte[70];
        dev.bliss.challenge.internal.Base64Url.decode(value, 0, value.length(), decoded);
        for (int bit = 0; bit < 70 * 8; bit++) {
            byte[] flipped = decoded.clone();
            flipped[bit / 8] ^= (byte) (1 << (bit % 8));
            String forged = dev.bliss.challenge.internal.Base64Url.encode(flipped, 0, flipped.length);
            assertEquals(ClearanceStatus.TAMPERED, check.check(forged, 0, forged.length(), client, NOW), "bit " + bit);
        }
        assertEquals(ClearanceStatus.VALID, check.check(value, 0, value.length(), client, NOW));
    }

    @Test
    void shouldRefuseMalformedValues() {
        for (String v : new String[]{"", "x", "not base64!", issue(keys, NOW, 60) + "A", issue(keys, NOW, 60).substring(1)}) {
            assertEquals(ClearanceStatus.TAMPERED, check(keys, v, client, NOW), v);
        }
    }

    @Test
    void shouldRefuseAClearanceSignedByAnUnknownKey() {
        String value = issue(KeyRing.generated(), NOW, 1800);
        assertEquals(ClearanceStatus.TAMPERED, check(keys, value, client, NOW));
    }

    @Test
    void shouldAcceptThePreviousKeysClearancesAfterARotationUntilTheyExpire() {
        byte[] oldKey = keys.current();
        String beforeRotation = issue(keys, NOW, 1800);
        KeyRing rotated = KeyRing.of(KeyRing.newKey(), oldKey);
        assertEquals(ClearanceStatus.VALID, check(rotated, beforeRotation, client, NOW + 60));
        assertEquals(ClearanceStatus.EXPIRED, check(rotated, beforeRotation, client, NOW + 1800));
        // new clearances are signed with the new key, which the old ring does not know
        String afterRotation = issue(rotated, NOW + 60, 1800);
        assertEquals(ClearanceStatus.VALID, check(rotated, afterRotation, client, NOW + 61));
        assertEquals(ClearanceStatus.TAMPERED, check(keys, afterRotation, client, NOW + 61));
        // a second rotation drops the first key
        KeyRing twice = KeyRing.of(KeyRing.newKey(), rotated.current());
        assertEquals(ClearanceStatus.TAMPERED, check(twice, beforeRotation, client, NOW + 120));
    }

    @Test
    void shouldFindTheCookieAmongOthersAndAcrossCookieHeaders() {
        String value = issue(keys, NOW, 1800);
        ClearanceCheck check = new ClearanceCheck(keys);
        SyntheticRequest one = browser().header("Cookie", "a=1; xbliss_clearance=2; bliss_clearance=" + value + "; z=3");
        assertEquals(ClearanceStatus.VALID, check.check(one, "bliss_clearance", client, NOW));
        SyntheticRequest split = browser().header("cookie", "a=1").header("accept", "*/*")
                .header("cookie", "bliss_clearance=\"" + value + '"');
        assertEquals(ClearanceStatus.VALID, check.check(split, "bliss_clearance", client, NOW));
        SyntheticRequest none = browser().header("Cookie", "a=1; bliss_clearancex=" + value);
        assertEquals(ClearanceStatus.MISSING, check.check(none, "bliss_clearance", client, NOW));
        assertEquals(ClearanceStatus.MISSING, check.check(new SyntheticRequest(), "bliss_clearance", client, NOW));
        // the check binds to the request it reads: the same cookie from another agent is a replay
        SyntheticRequest curl = new SyntheticRequest().clientAddress(IpAddress.of("198.51.100.7")).ja4(JA4)
                .header("user-agent", "curl/8.5.0").header("cookie", "bliss_clearance=" + value);
        assertEquals(ClearanceStatus.OTHER_USER_AGENT, check.check(curl, "bliss_clearance", new ClientBinding(), NOW));
    }

    private static SyntheticRequest browser() {
        return new SyntheticRequest().clientAddress(IpAddress.of("198.51.100.7")).ja4(JA4).header("User-Agent", UA);
    }

    @Test
    void shouldNotTakeANonceForAClearance() {
        String nonce = new NonceIssuer(keys).issue(client, "r", 1, NOW);
        assertEquals(ClearanceStatus.TAMPERED, check(keys, nonce, client, NOW));
    }
}
