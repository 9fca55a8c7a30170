package dev.bliss.training.data;

import java.util.List;

/**
 * Teaches a model that automation may go at a person's pace: for each automated training row,
 * one more row, the same request with its pace inputs (pages a minute, the mean gap between
 * pages) taken from a person's request drawn at random.
 *
 * <p>Why: the pace is the one tell every bot can drop at will, at the price of its throughput.
 * A model whose automated rows all go fast learns "slow is human" and then splits on the pace
 * first; a bot it never saw, patient enough, lands among the people even when everything else
 * about it (a catalogue read in order, no assets, a timer's evenness) says automation. With the
 * copies, every automated kind also appears at people's pace, so the trees must find what tells
 * it there. The people's rows are left alone: a person does not learn to go faster.
 *
 * <p>The copies keep their row's client and population ({@link PersonCopies}). Only training
 * rows should be augmented: the validation rows, which stop the boosting and calibrate the score,
 * stay real.
 */
public final class PaceAugmentation {

    private PaceAugmentation() {
    }

    /**
     * {@code data} and, after its rows, one copy of each automated row with {@code paceFeatures}
     * taken from a person's row drawn at random for that copy (all of them from the one row, so
     * the copy's pace is one person's, not a blend). {@code data} itself when it has no person's
     * row or no automated one.
     *
     * @throws IllegalArgumentException when a name is not among the data's features
     */
    public static Dataset apply(Dataset data, List<String> paceFeatures, long seed) {
        int[] pace = PersonCopies.features(data, paceFeatures, "pace feature");
        int n = data.rowCount();
        return PersonCopies.append(data, PersonCopies.rows(data, n, true), PersonCopies.rows(data, n, false), pace, seed);
    }
}
