package dev.bliss.bot.verified;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.bliss.plugin.IpAddress;
import java.util.Random;
import org.junit.jupiter.api.Test;

/** Ranges are merged when built and answer membership exactly at their edges, in both families. */
class IpRangesTest {

    @Test
    void shouldContainExactlyTheAddressesOfItsPrefixes() {
        IpRanges r = new IpRanges.Builder().add("66.249.64.0/27").add("2001:4860:4801:10::/64").build();
        assertTrue(r.contains(ip("66.249.64.0")));
        assertTrue(r.contains(ip("66.249.64.31")));
        assertFalse(r.contains(ip("66.249.64.32")));
        assertFalse(r.contains(ip("66.249.63.255")));
        assertTrue(r.contains(ip("2001:4860:4801:10::1")));
        assertTrue(r.contains(ip("2001:4860:4801:10:ffff:ffff:ffff:ffff")));
        assertFalse(r.contains(ip("2001:4860:4801:11::")));
        assertFalse(r.contains(ip("::")));
    }

    @Test
    void shouldMatchIpv4ClientsWrittenAsMappedIpv6() {
        IpRanges r = new IpRanges.Builder().add("192.0.2.0/24").build();
        assertTrue(r.contains(ip("::ffff:192.0.2.7")));
        assertFalse(r.contains(ip("192.0.3.1")));
    }

    @Test
    void shouldMergeOverlappingAndAdjacentPrefixes() {
        IpRanges r = new IpRanges.Builder()
                .add("66.249.64.32/27").add("66.249.64.0/27").add("66.249.64.64/26")
                .add("66.249.64.8/29")
                .add("66.249.66.0/27")
                .add("192.0.2.1").build();
        assertEquals(3, r.size(), "64.0/27 + 64.32/27 + 64.64/26 (and 64.8/29 inside) are one /25");
        assertTrue(r.contains(ip("66.249.64.127")));
        assertFalse(r.contains(ip("66.249.64.128")));
        assertTrue(r.contains(ip("192.0.2.1")));
        assertFalse(r.contains(ip("192.0.2.2")));
    }

    @Test
    void shouldHandleTheEdgesOfTheAddressSpace() {
        IpRanges r = new IpRanges.Builder().add("::/16").add("ffff::/16").build();
        assertTrue(r.contains(ip("::")));
        assertTrue(r.contains(ip("ffff:ffff:ffff:ffff:ffff:ffff:ffff:ffff")));
        assertFalse(r.contains(ip("8000::")));
    }

    @Test
    void shouldAgreeWithALinearScanOnRandomPrefixes() {
        Random random = new Random(7);
        for (int round = 0; round < 50; round++) {
            IpRanges.Builder builder = new IpRanges.Builder();
            int n = 1 + random.nextInt(40);
            int[] nets = new int[n];
            int[] lengths = new int[n];
            for (int i = 0; i < n; i++) {
                lengths[i] = 20 + random.nextInt(13);
                int mask = lengths[i] == 32 ? -1 : ~(-1 >>> lengths[i]);
                nets[i] = (0x0A000000 | random.nextInt(1 << 16) << 8) & mask;
                builder.add(new IpAddress().setIpv4(nets[i]) + "/" + lengths[i]);
            }
            IpRanges ranges = builder.build();
            for (int t = 0; t < 200; t++) {
                int a = 0x0A000000 | random.nextInt(1 << 24);
                boolean expected = false;
                for (int i = 0; i < n; i++) {
                    int mask = lengths[i] == 32 ? -1 : ~(-1 >>> lengths[i]);
                    expected |= (a & mask) == nets[i];
                }
                assertEquals(expected, ranges.contains(new IpAddress().setIpv4(a)));
            }
        }
    }

    @Test
    void shouldRejectMalformedPrefixes() {
        assertEquals("host bits are set below /27; the network is 66.249.64.0/27",
                assertThrows(IllegalArgumentException.class, () -> IpRanges.Cidr.parse("66.249.64.5/27")).getMessage());
        assertThrows(IllegalArgumentException.class, () -> IpRanges.Cidr.parse("66.249.64.0/33"));
        assertThrows(IllegalArgumentException.class, () -> IpRanges.Cidr.parse("66.249.64.0/"));
        assertThrows(IllegalArgumentException.class, () -> IpRanges.Cidr.parse("66.249.64/24"));
        assertThrows(IllegalArgumentException.class, () -> IpRanges.Cidr.parse("2001:db8::/129"));
        assertThrows(IllegalArgumentException.class, () -> IpRanges.Cidr.parse("2001:db8::1/64"));
        assertEquals(27, IpRanges.Cidr.parse("66.249.64.0/27").writtenLength());
    }

    private static IpAddress ip(String text) {
        return IpAddress.of(text);
    }
}
