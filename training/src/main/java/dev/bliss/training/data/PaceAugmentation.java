package dev.bliss.training.data;

import java.util.Arrays;
import java.util.List;
import java.util.SplittableRandom;

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
 * <p>The copies keep their row's client ({@link Dataset#group}) and population, so a split by
 * client or a population held out takes them with their originals. Only training rows should be
 * augmented: the validation rows, which stop the boosting and calibrate the score, stay real.
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
        int[] pace = new int[paceFeatures.size()];
        for (int i = 0; i < pace.length; i++) {
            pace[i] = data.featureNames().indexOf(paceFeatures.get(i));
            if (pace[i] < 0) {
                throw new IllegalArgumentException("pace feature " + paceFeatures.get(i) + " is not among the selected features");
            }
        }
        int[] people = rows(data, false);
        int[] bots = rows(data, true);
        if (people.length == 0 || bots.length == 0) {
            return data;
        }
        int original = data.rowCount();
        int rows = original + bots.length;
        // every row as it is, then each automated row once more
        int[] source = new int[rows];
        Arrays.setAll(source, i -> i < original ? i : bots[i - original]);
        Dataset out = data.rows(source);
        // rows() copies every column: the copies' cells are ours to fill before anyone reads them
        SplittableRandom random = new SplittableRandom(seed);
        for (int c = original; c < rows; c++) {
            int person = people[random.nextInt(people.length)];
            for (int f : pace) {
                out.column(f)[c] = data.column(f)[person];
            }
        }
        return out;
    }

    private static int[] rows(Dataset data, boolean automated) {
        int[] picked = new int[data.rowCount()];
        int n = 0;
        for (int r = 0; r < data.rowCount(); r++) {
            if (data.automated(r) == automated) {
                picked[n++] = r;
            }
        }
        return Arrays.copyOf(picked, n);
    }
}
