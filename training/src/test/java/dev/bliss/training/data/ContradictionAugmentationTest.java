package dev.bliss.training.data;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.bliss.plugin.ScoreSource;
import java.util.Arrays;
import java.util.HashSet;
import java.util.List;
import java.util.Set;
import org.junit.jupiter.api.Test;

class ContradictionAugmentationTest {

    private static final List<String> CHECKS = List.of("client_hints_agree", "header_order_agrees");

    /**
     * Rows 0-2 people (every check agrees or cannot tell), rows 3-5 bots: 3 fails the client-hint
     * check, 4 agrees everywhere, 5 fails the header order; the last input is the history.
     */
    private static Dataset traffic() {
        float[] hints = {1, 1, -1, 0, 1, 1};
        float[] order = {1, 0.5f, 1, 1, 1, 0};
        float[] tls = {1, 1, 1, 0, 0, 1};
        float[] history = {0.81f, 0.62f, 0.74f, 0.0f, 0.0f, 0.0f};
        boolean[] automated = {false, false, false, true, true, true};
        ScoreSource[] sources = new ScoreSource[6];
        Arrays.fill(sources, ScoreSource.MACHINE_LEARNING);
        return new Dataset(List.of("client_hints_agree", "header_order_agrees", "tls_agrees", "ip.ratio_cookie_10m"),
                new float[][] {hints, order, tls, history}, automated, new int[] {0, 0, 0, 1, 1, 2},
                List.of("human", "asset_stuffer", "scraper"), new String[] {"p1", "p2", "p3", "b1", "b1", "b2"}, sources,
                new int[6]);
    }

    @Test
    void shouldCopyTheContradictingBotsWithEverythingElseFromOnePerson() {
        Dataset in = traffic();
        Dataset out = ContradictionAugmentation.apply(in, CHECKS, 7, in.rowCount());

        assertEquals(8, out.rowCount(), "rows 3 and 5 copied; 4 contradicts nothing named (its TLS is not a check)");
        for (int r = 0; r < 6; r++) {
            assertEquals(Arrays.toString(in.row(r, new float[4])), Arrays.toString(out.row(r, new float[4])), "row " + r);
        }
        Set<String> people = new HashSet<>();
        for (int r = 0; r < 3; r++) {
            people.add(in.column(2)[r] + "/" + in.column(3)[r]);
        }
        int[] originals = {3, 5};
        for (int i = 0; i < 2; i++) {
            int c = 6 + i;
            int original = originals[i];
            assertTrue(out.automated(c));
            assertEquals(in.group(original), out.group(c), "a copy stays with its client");
            assertEquals(in.population(original), out.population(c));
            assertEquals(in.column(0)[original], out.column(0)[c], "the checks are the bot's own");
            assertEquals(in.column(1)[original], out.column(1)[c]);
            assertTrue(people.contains(out.column(2)[c] + "/" + out.column(3)[c]),
                    "every other input is one person's: " + out.column(2)[c] + "/" + out.column(3)[c]);
        }
    }

    @Test
    void shouldCopyOnlyTheSourceRowsSoAnEarlierAugmentationsCopiesAreNotCopiedAgain() {
        Dataset paced = PaceAugmentation.apply(traffic(), List.of("ip.ratio_cookie_10m"), 1);
        assertEquals(9, paced.rowCount());

        Dataset out = ContradictionAugmentation.apply(paced, CHECKS, 7, 6);

        assertEquals(11, out.rowCount(), "the two contradicting bots of the six real rows, not their paced copies");
        assertThrows(IllegalArgumentException.class, () -> ContradictionAugmentation.apply(paced, CHECKS, 7, 10));
    }

    @Test
    void shouldDependOnTheSeedAndRefuseAnUnknownCheck() {
        assertEquals(Arrays.toString(ContradictionAugmentation.apply(traffic(), CHECKS, 5, 6).column(3)),
                Arrays.toString(ContradictionAugmentation.apply(traffic(), CHECKS, 5, 6).column(3)));
        IllegalArgumentException e = assertThrows(IllegalArgumentException.class,
                () -> ContradictionAugmentation.apply(traffic(), List.of("sec_ch_agrees"), 1, 6));
        assertTrue(e.getMessage().contains("check sec_ch_agrees is not among the selected features"), e.getMessage());

        Dataset agreeing = traffic().rows(new int[] {0, 1, 4});
        assertSame(agreeing, ContradictionAugmentation.apply(agreeing, CHECKS, 1, 3), "nothing contradicts: nothing to add");
    }
}
