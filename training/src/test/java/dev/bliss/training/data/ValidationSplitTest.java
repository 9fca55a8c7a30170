package dev.bliss.training.data;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.bliss.plugin.ScoreSource;
import java.util.HashSet;
import java.util.List;
import java.util.Set;
import org.junit.jupiter.api.Test;

class ValidationSplitTest {

    private static Dataset clients(int rows, int clients) {
        String[] groups = new String[rows];
        for (int r = 0; r < rows; r++) {
            groups[r] = "client-" + (r * 7919 % clients);
        }
        ScoreSource[] sources = new ScoreSource[rows];
        java.util.Arrays.fill(sources, ScoreSource.MACHINE_LEARNING);
        return new Dataset(List.of("x"), new float[][] {new float[rows]}, new boolean[rows], new int[rows],
                List.of("human"), groups, sources, new int[rows]);
    }

    @Test
    void shouldKeepEveryClientOnOneSide() {
        Dataset d = clients(20_000, 1_000);
        ValidationSplit split = ValidationSplit.byClient(d, 0.2, 42);
        Set<String> trainClients = new HashSet<>();
        for (int r : split.train()) {
            trainClients.add(d.group(r));
        }
        for (int r : split.validation()) {
            assertFalse(trainClients.contains(d.group(r)), d.group(r));
        }
        assertEquals(20_000, split.train().length + split.validation().length);
        double share = split.validation().length / 20_000.0;
        assertTrue(share > 0.15 && share < 0.25, "validation share " + share);
    }

    @Test
    void shouldDependOnTheSeedOnly() {
        Dataset d = clients(5_000, 500);
        assertArrayEquals(ValidationSplit.byClient(d, 0.3, 7).validation(), ValidationSplit.byClient(d, 0.3, 7).validation());
        assertFalse(java.util.Arrays.equals(ValidationSplit.byClient(d, 0.3, 7).validation(),
                ValidationSplit.byClient(d, 0.3, 8).validation()));
        assertEquals(0, ValidationSplit.byClient(d, 0, 7).validation().length);
    }
}
