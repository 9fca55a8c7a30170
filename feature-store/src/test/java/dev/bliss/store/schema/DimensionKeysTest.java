package dev.bliss.store.schema;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotEquals;

import java.util.HashSet;
import java.util.Set;
import org.junit.jupiter.api.Test;

/** The key functions are stable, spread distinct inputs, and agree between their two forms. */
class DimensionKeysTest {

    @Test
    void shouldGiveTheSameJa3KeyFromTextAndFromBits() {
        String ja3 = "e7d705a3286e19ea42f587b344ee6865";
        long high = Long.parseUnsignedLong(ja3.substring(0, 16), 16);
        long low = Long.parseUnsignedLong(ja3.substring(16), 16);
        assertEquals(DimensionKeys.ja3(high, low), DimensionKeys.ja3(ja3));
        assertEquals(DimensionKeys.ja3(ja3), DimensionKeys.ja3(ja3.toUpperCase()), "hex case does not matter");
        assertEquals(0, DimensionKeys.ja3("not hex at all, but 32 chars!!!!"));
    }

    @Test
    void shouldGiveTheSameJa4KeyFromTextAndFromParts() {
        String ja4 = "t13d1516h2_8daaf6152771_e5627efa2ab1";
        long b = Long.parseLong("8daaf6152771", 16);
        long c = Long.parseLong("e5627efa2ab1", 16);
        assertEquals(DimensionKeys.ja4(ja4, 0, b, c), DimensionKeys.ja4(ja4));
        assertEquals(0, DimensionKeys.ja4("t13d1516h2_8daaf6152771"));
    }

    @Test
    void shouldKeyAnIpv4NetworkBy24Bits() {
        long v4 = 0xFFFFL << 32;
        long a = DimensionKeys.clientIpPrefix(0, v4 | 0xCB007107L); // 203.0.113.7
        long b = DimensionKeys.clientIpPrefix(0, v4 | 0xCB0071FEL); // 203.0.113.254
        long c = DimensionKeys.clientIpPrefix(0, v4 | 0xCB007207L); // 203.0.114.7
        assertEquals(a, b);
        assertNotEquals(a, c);
        assertNotEquals(DimensionKeys.clientIp(0, v4 | 0xCB007107L), DimensionKeys.clientIp(0, v4 | 0xCB0071FEL));
    }

    @Test
    void shouldSpreadDistinctUserAgents() {
        Set<Long> keys = new HashSet<>();
        for (int i = 0; i < 100_000; i++) {
            keys.add(DimensionKeys.text("Mozilla/5.0 client " + i));
        }
        assertEquals(100_000, keys.size());
    }

    @Test
    void shouldKeepKeysStableAcrossReleases() {
        // these values are part of the store format: a change here invalidates every stored key
        assertEquals(0xacd0752d01ba769eL, DimensionKeys.text("curl/8.5.0"));
        assertEquals(0xf93752c0e0e82defL, DimensionKeys.clientIp(0, 0xFFFFL << 32 | 0xCB007107L)); // 203.0.113.7
        assertEquals(0xf450c8b8073e1e57L, DimensionKeys.ja4("t13d1516h2_8daaf6152771_e5627efa2ab1"));
        assertEquals(DimensionKeys.headerOrderStep(DimensionKeys.headerOrderSeed(), "Host"),
                DimensionKeys.headerOrderStep(DimensionKeys.headerOrderSeed(), "host"));
    }
}
