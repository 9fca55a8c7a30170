package dev.bliss.training.data;

import dev.bliss.plugin.ScoreSource;
import java.util.List;

/**
 * Labelled requests held column by column (one {@code float[]} per feature), the layout the
 * trainer's histograms read. Immutable; views ({@link #withFeatures}, {@link #rows}) share or
 * copy columns but never change this one.
 */
public final class Dataset {

    private final List<String> featureNames;
    private final float[][] columns;
    private final boolean[] automated;
    private final int[] population;
    private final List<String> populationNames;
    private final String[] groups;
    private final ScoreSource[] sources;
    private final int[] loggedScores;

    /**
     * @param columns one array per feature, each of the same length (the row count)
     * @param population per row, an index into {@code populationNames}
     * @param groups per row, the client the request came from (rows of one group stay on one side
     *     of a train/validation split)
     */
    public Dataset(List<String> featureNames, float[][] columns, boolean[] automated, int[] population,
            List<String> populationNames, String[] groups, ScoreSource[] sources, int[] loggedScores) {
        if (columns.length != featureNames.size()) {
            throw new IllegalArgumentException(columns.length + " columns for " + featureNames.size() + " features");
        }
        int rows = automated.length;
        for (float[] c : columns) {
            if (c.length != rows) {
                throw new IllegalArgumentException("a column of " + c.length + " rows, expected " + rows);
            }
        }
        if (population.length != rows || groups.length != rows || sources.length != rows || loggedScores.length != rows) {
            throw new IllegalArgumentException("per-row arrays differ in length");
        }
        this.featureNames = List.copyOf(featureNames);
        this.columns = columns;
        this.automated = automated;
        this.population = population;
        this.populationNames = List.copyOf(populationNames);
        this.groups = groups;
        this.sources = sources;
        this.loggedScores = loggedScores;
    }

    public int rowCount() {
        return automated.length;
    }

    public int featureCount() {
        return columns.length;
    }

    public List<String> featureNames() {
        return featureNames;
    }

    /** Feature {@code f}'s values, one per row. Do not modify. */
    public float[] column(int f) {
        return columns[f];
    }

    /** Row {@code r}'s feature vector, into {@code out} (length {@link #featureCount()}). */
    public float[] row(int r, float[] out) {
        for (int f = 0; f < columns.length; f++) {
            out[f] = columns[f][r];
        }
        return out;
    }

    public boolean automated(int r) {
        return automated[r];
    }

    public int population(int r) {
        return population[r];
    }

    /** Population names, sorted; {@link #population(int)} indexes this list. */
    public List<String> populationNames() {
        return populationNames;
    }

    public String group(int r) {
        return groups[r];
    }

    public ScoreSource scoreSource(int r) {
        return sources[r];
    }

    /** The score the proxy logged for the request (0 = not computed). */
    public int loggedScore(int r) {
        return loggedScores[r];
    }

    /** The same rows with only {@code names}, in that order; columns are shared, not copied. */
    public Dataset withFeatures(List<String> names) {
        float[][] picked = new float[names.size()][];
        for (int i = 0; i < names.size(); i++) {
            int f = featureNames.indexOf(names.get(i));
            if (f < 0) {
                throw new IllegalArgumentException("no feature " + names.get(i));
            }
            picked[i] = columns[f];
        }
        return new Dataset(names, picked, automated, population, populationNames, groups, sources, loggedScores);
    }

    /** The rows at {@code indexes}, in that order (copied). */
    public Dataset rows(int[] indexes) {
        float[][] cols = new float[columns.length][indexes.length];
        boolean[] a = new boolean[indexes.length];
        int[] p = new int[indexes.length];
        String[] g = new String[indexes.length];
        ScoreSource[] s = new ScoreSource[indexes.length];
        int[] scores = new int[indexes.length];
        for (int i = 0; i < indexes.length; i++) {
            int r = indexes[i];
            for (int f = 0; f < columns.length; f++) {
                cols[f][i] = columns[f][r];
            }
            a[i] = automated[r];
            p[i] = population[r];
            g[i] = groups[r];
            s[i] = sources[r];
            scores[i] = loggedScores[r];
        }
        return new Dataset(featureNames, cols, a, p, populationNames, g, s, scores);
    }

    /** Rows labelled automated. */
    public int automatedCount() {
        int n = 0;
        for (boolean b : automated) {
            if (b) {
                n++;
            }
        }
        return n;
    }
}
