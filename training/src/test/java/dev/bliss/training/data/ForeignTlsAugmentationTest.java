package dev.bliss.training.data;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.bliss.plugin.ScoreSource;
import java.util.Arrays;
import java.util.List;
import org.junit.jupiter.api.Test;

class ForeignTlsAugmentationTest {

    private static final List<String> NAMES = List.of("tls_agrees", "tls", "http_version", "has_cookie", "session_moved",
            "ip.pages_10m", "ja4.reqs_per_ip_1h", "cookie.distinct_ips_1h", "header_count", "fetch_metadata_agrees",
            "method_safe", "user_agent.reqs_per_ip_10m", "header_order.inconsistent_ratio_1h");

    /**
     * Rows 0-1 people, the first behind a gateway (its TLS disagrees); rows 2-4 bots: 2 and 3 on a
     * tool's stack under a browser's claim (2 with the tool's headers, 3 a plain-HTTP request the
     * check cannot judge, −1), 4 on its claimed browser's stack.
     */
    private static Dataset traffic() {
        float[][] columns = {
            {0, 1, 0, -1, 1},           // tls_agrees
            {1, 1, 1, 0, 1},            // tls
            {2, 2, 1.1f, 1.1f, 2},      // http_version
            {1, 1, 0, 0, 1},            // has_cookie
            {0, 0, -1, -1, 1},          // session_moved
            {40, 3, 1, 1, 9},           // ip.pages_10m
            {30, 2, 1, 1, 50},          // ja4.reqs_per_ip_1h
            {1, 1, 0, 0, 4},            // cookie.distinct_ips_1h
            {19, 21, 6, 6, 17},         // header_count
            {1, 1, 0, 0, 0},            // fetch_metadata_agrees
            {1, 1, 0, 1, 1},            // method_safe
            {3, 4, 900, 900, 2},        // user_agent.reqs_per_ip_10m
            {0, 0, 1, 1, 0},            // header_order.inconsistent_ratio_1h
        };
        boolean[] automated = {false, false, true, true, true};
        ScoreSource[] sources = new ScoreSource[5];
        Arrays.fill(sources, ScoreSource.MACHINE_LEARNING);
        return new Dataset(NAMES, columns, automated, new int[] {0, 0, 1, 1, 2}, List.of("middlebox", "ip_rotator", "headless"),
                new String[] {"p1", "p2", "b1", "b2", "b3"}, sources, new int[5]);
    }

    @Test
    void shouldCopyTheBotsOnAForeignStackWithOnePersonsClaimAndTheirOwnHistory() {
        Dataset in = traffic();
        Dataset out = ForeignTlsAugmentation.apply(in, 7, in.rowCount());

        assertEquals(6, out.rowCount(), "only row 2: row 3's check could not judge, row 4's stack is its browser's");
        float[] copy = out.row(5, new float[NAMES.size()]);
        assertEquals(in.group(2), out.group(5));
        assertEquals(in.population(2), out.population(5));
        assertTrue(out.automated(5));
        assertEquals("[0.0, 1.0, 1.1, 0.0, -1.0, 1.0, 1.0, 0.0]", Arrays.toString(Arrays.copyOf(copy, 8)),
                "its TLS, protocol, cookie, session and the address's, TLS hello's and cookie's history stay the bot's");
        float[] claim = Arrays.copyOfRange(copy, 8, NAMES.size());
        float[] gateway = in.row(0, new float[NAMES.size()]);
        float[] other = in.row(1, new float[NAMES.size()]);
        assertTrue(Arrays.equals(claim, Arrays.copyOfRange(gateway, 8, NAMES.size()))
                        || Arrays.equals(claim, Arrays.copyOfRange(other, 8, NAMES.size())),
                "the headers, what it asks for and the claim's dimensions are one person's: " + Arrays.toString(claim));
    }

    @Test
    void shouldCopyOnlyTheSourceRowsAndNameAMissingInput() {
        Dataset once = ForeignTlsAugmentation.apply(traffic(), 7, 5);
        assertEquals(7, ForeignTlsAugmentation.apply(once, 8, 5).rowCount(), "its own copy is not copied again");

        Dataset noCheck = traffic().withFeatures(List.of("tls", "header_count"));
        IllegalArgumentException e = assertThrows(IllegalArgumentException.class, () -> ForeignTlsAugmentation.apply(noCheck, 1, 5));
        assertEquals("input tls_agrees is not among the selected features", e.getMessage());

        Dataset agreeing = traffic().rows(new int[] {0, 1, 3, 4});
        assertSame(agreeing, ForeignTlsAugmentation.apply(agreeing, 1, 4), "no bot on a foreign stack: nothing to copy");
    }
}
