package dev.bliss.training.data;

import java.util.Arrays;
import java.util.List;
import java.util.SplittableRandom;
import java.util.function.IntPredicate;

/**
 * The mechanics the person-copy augmentations share (contradictions, refused cookies, foreign
 * TLS): automated training rows copied once more, some of each copy's inputs taken from one
 * person's request drawn at random (all of them from the one row, so the copy shows one person's
 * values, not a blend). The copies keep their row's client ({@link Dataset#group}) and
 * population, so a split by client or a population held out takes them with their originals.
 */
final class PersonCopies {

    private PersonCopies() {
    }

    /** The indexes of {@code names} among the data's features. */
    static int[] features(Dataset data, List<String> names, String what) {
        int[] indexes = new int[names.size()];
        for (int i = 0; i < indexes.length; i++) {
            indexes[i] = data.featureNames().indexOf(names.get(i));
            if (indexes[i] < 0) {
                throw new IllegalArgumentException(what + " " + names.get(i) + " is not among the selected features");
            }
        }
        return indexes;
    }

    /** The indexes of every feature of the data that {@code kept} does not keep, in order. */
    static int[] allBut(Dataset data, IntPredicate kept) {
        int[] rest = new int[data.featureCount()];
        int n = 0;
        for (int f = 0; f < rest.length; f++) {
            if (!kept.test(f)) {
                rest[n++] = f;
            }
        }
        return Arrays.copyOf(rest, n);
    }

    /** The rows below {@code bound} of one class, in order. */
    static int[] rows(Dataset data, int bound, boolean automated) {
        int[] picked = new int[bound];
        int n = 0;
        for (int r = 0; r < bound; r++) {
            if (data.automated(r) == automated) {
                picked[n++] = r;
            }
        }
        return Arrays.copyOf(picked, n);
    }

    /**
     * {@code data}, then a copy of each of {@code copied} with the inputs {@code fromPerson}
     * taken from one of {@code people}; {@code data} itself when either is empty.
     */
    static Dataset append(Dataset data, int[] copied, int[] people, int[] fromPerson, long seed) {
        if (copied.length == 0 || people.length == 0) {
            return data;
        }
        int original = data.rowCount();
        int rows = original + copied.length;
        int[] source = new int[rows];
        Arrays.setAll(source, i -> i < original ? i : copied[i - original]);
        Dataset out = data.rows(source);
        // rows() copies every column: the copies' cells are ours to fill before anyone reads them
        SplittableRandom random = new SplittableRandom(seed);
        for (int c = original; c < rows; c++) {
            int person = people[random.nextInt(people.length)];
            for (int f : fromPerson) {
                out.column(f)[c] = data.column(f)[person];
            }
        }
        return out;
    }
}
