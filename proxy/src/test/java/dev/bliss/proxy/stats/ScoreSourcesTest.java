package dev.bliss.proxy.stats;

import static org.junit.jupiter.api.Assertions.assertEquals;

import dev.bliss.plugin.field.Symbol;
import org.junit.jupiter.api.Test;

/** The score sources' rows: one per reported symbol in the order first seen, then "other". */
class ScoreSourcesTest {

    private final ScoreSources sources = new ScoreSources();

    @Test
    void shouldGiveEachSourceItsRowOnFirstSightAndTheSameAfter() {
        Symbol ml = Symbol.of("machine_learning");
        Symbol heuristics = Symbol.of("heuristics");
        assertEquals(ScoreCounts.slot(0, 0), sources.row(ml));
        assertEquals(ScoreCounts.slot(1, 0), sources.row(heuristics));
        assertEquals(ScoreCounts.slot(0, 0), sources.row(ml), "known by its id now");
        assertEquals(2, sources.size());
        assertEquals("machine_learning", sources.name(0));
        assertEquals("heuristics", sources.name(1));
    }

    @Test
    void shouldCountSourcesPastTheTableAsOther() {
        for (int i = 0; i < ScoreSources.MAX - 1; i++) {
            assertEquals(ScoreCounts.slot(i, 0), sources.row(Symbol.of("source-" + i)));
        }
        int other = ScoreCounts.slot(ScoreSources.MAX - 1, 0);
        assertEquals(other, sources.row(Symbol.of("one-too-many")));
        assertEquals(other, sources.row(Symbol.of("and-another")));
        assertEquals(ScoreSources.OTHER, sources.name(ScoreSources.MAX - 1));
        assertEquals(ScoreSources.MAX, sources.size());
        assertEquals(ScoreCounts.slot(3, 0), sources.row(Symbol.of("source-3")), "the first ones keep theirs");
    }
}
