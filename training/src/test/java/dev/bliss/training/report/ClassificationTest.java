package dev.bliss.training.report;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;

import dev.bliss.plugin.ScoreMapping;
import dev.bliss.plugin.ScoreSource;
import org.junit.jupiter.api.Test;

class ClassificationTest {

    @Test
    void shouldCountTiesAsHalfInTheAuc() {
        boolean[] y = {false, false, true, true};
        assertEquals(1.0, Classification.auc(new double[] {0.1, 0.2, 0.8, 0.9}, y), 1e-12);
        assertEquals(0.0, Classification.auc(new double[] {0.9, 0.8, 0.2, 0.1}, y), 1e-12);
        assertEquals(0.5, Classification.auc(new double[] {0.5, 0.5, 0.5, 0.5}, y), 1e-12);
        // Pairs (neg, pos): (0.1,0.3) win, (0.1,0.6) win, (0.6,0.3) loss, (0.6,0.6) tie → 2.5 / 4.
        assertEquals(0.625, Classification.auc(new double[] {0.1, 0.6, 0.3, 0.6}, y), 1e-12);
        assertEquals(Double.NaN, Classification.auc(new double[] {0.1, 0.2}, new boolean[] {true, true}));
    }

    @Test
    void shouldRankBotScoresLowFirstWithTiesAsHalf() {
        // bots 1, 1, 50; people 1, 99. Pairs (bot, person): (1,1) tie twice, (1,99) win twice,
        // (50,1) loss, (50,99) win → 4 / 6.
        int[] scores = {1, 1, 50, 1, 99};
        boolean[] y = {true, true, true, false, false};
        assertEquals(4.0 / 6, Classification.scoreAuc(scores, y), 1e-12);
        assertEquals(1.0, Classification.scoreAuc(new int[] {1, 29, 30, 99}, new boolean[] {true, true, false, false}), 1e-12);
        assertEquals(Double.NaN, Classification.scoreAuc(new int[] {1, 2}, new boolean[] {false, false}));
    }

    @Test
    void shouldSendOneWhereHeuristicsOrAVerifiedBotDecided() {
        assertEquals(1, BotScore.sent(ScoreSource.HEURISTICS, 87));
        assertEquals(1, BotScore.sent(ScoreSource.VERIFIED_BOT, 99));
        assertEquals(87, BotScore.sent(ScoreSource.MACHINE_LEARNING, 87));
    }

    @Test
    void shouldTreatScoresBelowTheThresholdAsBots() {
        int[] scores = {5, 29, 30, 80, 10};
        boolean[] y = {true, false, true, false, true};
        Classification.AtThreshold at30 = Classification.atThreshold(scores, y, 30);
        assertEquals(3, at30.flagged());
        assertEquals(2.0 / 3, at30.precision(), 1e-12);
        assertEquals(2.0 / 3, at30.recall(), 1e-12);
        Classification.AtThreshold at10 = Classification.atThreshold(scores, y, 10);
        assertEquals(1, at10.flagged());
        assertEquals(1.0, at10.precision(), 1e-12);
    }

    @Test
    void shouldDrawTheRocFromOriginToCorner() {
        double[][] roc = Classification.roc(new double[] {0.1, 0.4, 0.35, 0.8}, new boolean[] {false, false, true, true});
        assertArrayEquals(new double[] {0, 0, 0.5, 0.5, 1}, roc[0], 1e-12);
        assertArrayEquals(new double[] {0, 0.5, 0.5, 1, 1}, roc[1], 1e-12);
    }

    @Test
    void shouldMapProbabilitiesToScoresAsTheScorerDoes() {
        assertEquals(99, BotScore.of(0));
        assertEquals(33, BotScore.of(0.5));
        assertEquals(1, BotScore.of(1));
        assertEquals(18, BotScore.of(1.0 / (1.0 + Math.exp(-3.45))));   // 29.5 − 4.343·(3.45 − 0.891) = 18.39
        assertEquals(41, BotScore.of(1.0 / (1.0 + Math.exp(1.75))));    // 29.5 + 4.343·(1.75 + 0.891) = 40.97
        assertEquals(ScoreMapping.probabilityBelow(30), BotScore.probabilityBelow(30));
    }
}
