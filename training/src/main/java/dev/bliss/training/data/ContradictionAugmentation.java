package dev.bliss.training.data;

import java.util.Arrays;
import java.util.List;

/**
 * Teaches a model that a request which contradicts the browser it claims is automated, whatever
 * it asks for and whatever its client did before: for each automated training row on which one of
 * the named checks disagrees (reads 0), one more row with that disagreement and every other input
 * taken from one person's request drawn at random.
 *
 * <p>Why: boosting learns what it needs and no more. When every contradicting bot in the training
 * traffic is also given away by its history (no assets, a catalogue read in order, many user
 * agents), the trees that split on the contradiction add little, and a bot never seen that
 * contradicts its claim but otherwise looks like a person (it loads assets, it comes from a fresh
 * address every few requests) lands just above the threshold. Checks that no real browser fails
 * cost people nothing: the copies fall where no person's request is. Which checks qualify is the
 * caller's judgement and must hold for the people the model will meet: the client-hint, fetch
 * metadata and header-order checks compare a request with what its claimed browser sends, and a
 * TLS-intercepting gateway passes those along; the TLS check does not qualify, since behind such a
 * gateway a person's browser claim arrives over the gateway's stack.
 *
 * <p>The copies keep their row's client and population ({@link PersonCopies}). Copies are made of
 * the first {@code sourceRows} rows only, so that applied after another augmentation it does not
 * copy that one's copies; the validation rows stay real.
 */
public final class ContradictionAugmentation {

    private ContradictionAugmentation() {
    }

    /**
     * {@code data} and, after its rows, one copy of each automated row among its first
     * {@code sourceRows} on which a check reads 0, with every input but the checks taken from a
     * person's row (among the first {@code sourceRows}) drawn at random for that copy.
     * {@code data} itself when nothing qualifies or it has no person's row.
     *
     * @throws IllegalArgumentException when a name is not among the data's features, or
     *                                  {@code sourceRows} is not within the data
     */
    public static Dataset apply(Dataset data, List<String> checks, long seed, int sourceRows) {
        if (sourceRows < 0 || sourceRows > data.rowCount()) {
            throw new IllegalArgumentException(sourceRows + " source rows of " + data.rowCount());
        }
        int[] check = PersonCopies.features(data, checks, "check");
        int[] bots = PersonCopies.rows(data, sourceRows, true);
        int contradicting = 0;
        for (int r : bots) {
            if (contradicts(data, r, check)) {
                bots[contradicting++] = r;
            }
        }
        return PersonCopies.append(data, Arrays.copyOf(bots, contradicting), PersonCopies.rows(data, sourceRows, false),
                PersonCopies.allBut(data, f -> contains(check, f)), seed);
    }

    private static boolean contradicts(Dataset data, int row, int[] checks) {
        for (int f : checks) {
            if (data.column(f)[row] == 0) {
                return true;
            }
        }
        return false;
    }

    private static boolean contains(int[] values, int value) {
        for (int v : values) {
            if (v == value) {
                return true;
            }
        }
        return false;
    }
}
