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

class PaceAugmentationTest {

    /**
     * Rows 0-3 people (pages_1m 1-4, gap 60/30/20/15, path share 0.1), rows 4-5 bots (pages_1m 90
     * and 120, gap 0.6 and 0.5, path share 0.9): a person's pace is a pair seen in one row.
     */
    private static Dataset traffic() {
        float[] pages = {1, 2, 3, 4, 90, 120};
        float[] gap = {60, 30, 20, 15, 0.6f, 0.5f};
        float[] other = {0.1f, 0.1f, 0.1f, 0.1f, 0.9f, 0.9f};
        boolean[] automated = {false, false, false, false, true, true};
        int[] population = {0, 0, 0, 0, 1, 1};
        String[] groups = {"p1", "p1", "p2", "p3", "b1", "b2"};
        ScoreSource[] sources = new ScoreSource[6];
        Arrays.fill(sources, ScoreSource.MACHINE_LEARNING);
        return new Dataset(List.of("ip.pages_1m", "ip.page_gap_10m", "ip.sequential_pages_10m"),
                new float[][] {pages, gap, other}, automated, population, List.of("human", "scraper"), groups, sources,
                new int[6]);
    }

    @Test
    void shouldAddEachBotOnceMoreAtOnePersonsPace() {
        Dataset in = traffic();
        Dataset out = PaceAugmentation.apply(in, List.of("ip.pages_1m", "ip.page_gap_10m"), 3);

        assertEquals(8, out.rowCount());
        for (int r = 0; r < 6; r++) {
            assertEquals(Arrays.toString(in.row(r, new float[3])), Arrays.toString(out.row(r, new float[3])), "row " + r);
        }
        Set<String> peoplesPace = new HashSet<>();
        for (int r = 0; r < 4; r++) {
            peoplesPace.add(in.column(0)[r] + "/" + in.column(1)[r]);
        }
        for (int c = 6; c < 8; c++) {
            int original = c - 2;
            assertTrue(out.automated(c), "a copy stays automated");
            assertEquals(in.group(original), out.group(c), "a copy stays with its client");
            assertEquals(in.population(original), out.population(c));
            assertEquals(0.9f, out.column(2)[c], "inputs other than the pace are the bot's own");
            assertTrue(peoplesPace.contains(out.column(0)[c] + "/" + out.column(1)[c]),
                    "the pace is one person's request's: " + out.column(0)[c] + "/" + out.column(1)[c]);
        }
        assertEquals(Arrays.toString(in.column(0)), Arrays.toString(traffic().column(0)), "the input is left alone");
    }

    @Test
    void shouldDependOnTheSeedOnly() {
        List<String> pace = List.of("ip.pages_1m", "ip.page_gap_10m");
        assertEquals(Arrays.toString(PaceAugmentation.apply(traffic(), pace, 5).column(0)),
                Arrays.toString(PaceAugmentation.apply(traffic(), pace, 5).column(0)));
    }

    @Test
    void shouldRefuseAnUnknownInputAndLeaveOneClassAlone() {
        IllegalArgumentException e = assertThrows(IllegalArgumentException.class,
                () -> PaceAugmentation.apply(traffic(), List.of("ip.pages_5m"), 1));
        assertTrue(e.getMessage().contains("ip.pages_5m"), e.getMessage());

        Dataset people = traffic().rows(new int[] {0, 1, 2});
        assertSame(people, PaceAugmentation.apply(people, List.of("ip.pages_1m"), 1));
    }
}
