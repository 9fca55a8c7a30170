package dev.bliss.training.data;

import dev.bliss.plugin.ScoreSource;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.TreeSet;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;

/**
 * Detection logs with their labels ({@link RequestLabels}: ground truth joined on
 * {@code request_id}, or the challenge outcomes the log holds): the {@link Dataset} and what the
 * labels left out. A log line without a label (traffic the simulator did not send, a truth file
 * cut short, a request no challenge decided) is skipped and counted, not an error.
 *
 * @param dataset the joined rows, in log order (files in the order given)
 * @param logLines non-blank lines read from the logs
 * @param withoutTruth log records the labels have none for
 * @param skippedBad malformed lines skipped (only when reading with skipBad)
 */
public record LabelledLog(Dataset dataset, int logLines, int withoutTruth, int skippedBad) {

    /**
     * Reads {@code logs} (rotated parts of one log, all with the same features) and joins them
     * with {@code truth}.
     *
     * @param skipBad skip and count malformed log lines instead of failing on the first
     */
    public static LabelledLog read(List<Path> logs, Path truth, boolean skipBad) throws DataException {
        return read(logs, truth, skipBad, Runtime.getRuntime().availableProcessors());
    }

    /** As {@link #read(List, Path, boolean)}, parsing log lines on {@code threads} threads. */
    public static LabelledLog read(List<Path> logs, Path truth, boolean skipBad, int threads) throws DataException {
        return read(logs, GroundTruth.read(truth), skipBad, threads);
    }

    /** Reads {@code logs} and labels their records with {@code labels}, parsing on {@code threads} threads. */
    public static LabelledLog read(List<Path> logs, RequestLabels labels, boolean skipBad, int threads) throws DataException {
        if (logs.isEmpty()) {
            throw new IllegalArgumentException("no log files");
        }
        ExecutorService parsers = threads > 1 ? Executors.newFixedThreadPool(threads, r -> {
            Thread t = new Thread(r, "bliss-log-parser");
            t.setDaemon(true);
            return t;
        }) : null;
        try {
            return read(logs, labels, skipBad, parsers, threads);
        } finally {
            if (parsers != null) {
                parsers.shutdownNow();
            }
        }
    }

    private static LabelledLog read(List<Path> logs, RequestLabels labels, boolean skipBad, ExecutorService parsers,
                                    int threads) throws DataException {
        List<String> names = null;
        List<DetectionRecord> records = new ArrayList<>();
        List<Truth> truths = new ArrayList<>();
        int lines = 0;
        int without = 0;
        int skipped = 0;
        for (Path log : logs) {
            try (DetectionLogReader reader = DetectionLogReader.open(log, skipBad, parsers, threads)) {
                if (names != null) {
                    reader.expectFeatures(names);
                }
                DetectionRecord r;
                while ((r = reader.next()) != null) {
                    Truth truthOf = labels.of(r);
                    if (truthOf == null) {
                        without++;
                        continue;
                    }
                    records.add(r);
                    truths.add(truthOf);
                }
                names = reader.featureNames();
                lines += reader.linesRead();
                skipped += reader.skippedLines();
            }
        }
        if (records.isEmpty()) {
            throw new DataException(logs.getFirst() + ": no log line has a label in " + labels.source()
                    + " (" + without + " lines without one)");
        }
        return new LabelledLog(assemble(names, records, truths), lines, without, skipped);
    }

    private static Dataset assemble(List<String> names, List<DetectionRecord> records, List<Truth> truths) {
        int rows = records.size();
        TreeSet<String> populationSet = new TreeSet<>();
        for (Truth t : truths) {
            populationSet.add(t.population());
        }
        List<String> populations = List.copyOf(populationSet);
        float[][] columns = new float[names.size()][rows];
        boolean[] automated = new boolean[rows];
        int[] population = new int[rows];
        String[] groups = new String[rows];
        ScoreSource[] sources = new ScoreSource[rows];
        int[] scores = new int[rows];
        for (int r = 0; r < rows; r++) {
            DetectionRecord rec = records.get(r);
            float[] v = rec.features();
            for (int f = 0; f < v.length; f++) {
                columns[f][r] = v[f];
            }
            Truth t = truths.get(r);
            automated[r] = t.automated();
            population[r] = populations.indexOf(t.population());
            // A request without a client key is its own group.
            groups[r] = rec.clientKey() != null ? rec.clientKey() : "request:" + rec.requestId();
            sources[r] = rec.scoreSource();
            scores[r] = rec.score();
        }
        return new Dataset(names, columns, automated, population, populations, groups, sources, scores);
    }
}
