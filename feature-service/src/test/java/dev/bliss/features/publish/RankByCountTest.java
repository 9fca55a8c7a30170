package dev.bliss.features.publish;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;

import dev.bliss.store.schema.Aggregation;
import org.junit.jupiter.api.Test;

class RankByCountTest {

    @Test
    void shouldRankTheBusiestKeyFirstAndShareRanksOnTies() {
        // two features per key; the counts are in column 1
        float[] v = {0, 5, 0, 50, 0, 5, 0, 0, 0, 7};
        new RankByCount().apply(v, 5, 2, 1, Aggregation.RANK_BY_COUNT);
        assertArrayEquals(new float[] {0, 3, 0, 1, 0, 3, 0, 5, 0, 2}, v);
    }

    @Test
    void shouldGiveTheShareOfKeysWithAtMostAsManyRequests() {
        float[] v = {5, 50, 5, 0, 7};
        new RankByCount().apply(v, 5, 1, 0, Aggregation.QUANTILE_BY_COUNT);
        assertArrayEquals(new float[] {0.6f, 1f, 0.6f, 0.2f, 0.8f}, v);
    }
}
