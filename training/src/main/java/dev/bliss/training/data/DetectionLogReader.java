package dev.bliss.training.data;

import dev.bliss.store.detections.DetectionLogLine;
import dev.bliss.store.json.JsonFormatException;
import java.io.BufferedReader;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.Callable;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Future;

/**
 * Reads a detection log: JSON lines, one request each, as the bot-management plugin writes them
 * (field names: {@link DetectionLogLine}).
 *
 * <pre>
 * {"ts":…,"request_id":"s7-000000123","status":200,"score":23,"score_source":"machine_learning",
 *  "keys":{"ip":"…",…},"features":{"header_count":7.0,…,"ip.reqs_1m":3.0,…}, …}
 * </pre>
 *
 * Used: {@code request_id} (string), {@code score} (integer), {@code score_source},
 * {@code keys.ip} (optional), {@code challenge} (optional: the browser challenge's outcome) and
 * {@code features} (an object of numbers or nulls, in the model input order); each line is
 * parsed by {@link DetectionLineParser}, under feature-store's strict JSON rules. Other fields
 * are ignored, so newer logs still read. Every line must list the same features in the same
 * order as the first: a log that mixes schemas cannot train one model. Blank lines are skipped.
 * A malformed line is reported as {@code file:line:column: key.path: reason}.
 *
 * <p>Not thread-safe; one reader per file. Lines may be parsed on other threads (see
 * {@link #open(Path, boolean, ExecutorService, int)}); the reader hands them out in order.
 */
public final class DetectionLogReader implements AutoCloseable {

    /** Lines parsed per task: large enough to amortise a hand-off, small enough to bound memory. */
    private static final int BATCH_LINES = 2048;

    /** A non-blank line and its number, read on the caller's thread. */
    private record Line(int number, String text) {
    }

    /** A parsed line: its record, or why it is malformed. */
    private record Parsed(int line, DetectionRecord record, JsonFormatException error) {
    }

    private final Path file;
    private final BufferedReader in;
    private final boolean skipBad;
    private final ExecutorService parsers;
    private final int maxInFlight;
    private final ArrayDeque<Future<Parsed[]>> inFlight = new ArrayDeque<>();
    private Parsed[] batch;
    private int batchAt;
    private boolean ended;
    private List<String> featureNames;
    private int line;
    private int nonBlank;
    private int skipped;

    private DetectionLogReader(Path file, BufferedReader in, boolean skipBad, ExecutorService parsers, int threads) {
        this.file = file;
        this.in = in;
        this.skipBad = skipBad;
        this.parsers = parsers;
        this.maxInFlight = 2 * Math.max(1, threads);
    }

    /**
     * @param skipBad skip and count malformed lines instead of failing on the first
     *     ({@link #skippedLines()}); a log cut short by a killed proxy ends with half a line
     */
    public static DetectionLogReader open(Path file, boolean skipBad) throws DataException {
        return open(file, skipBad, null, 1);
    }

    /**
     * Parses lines in batches on {@code parsers} ({@code threads} of them; null parses on the
     * caller's thread). Records still come out of {@link #next()} in file order, and a malformed
     * line is reported at the same place as by a sequential read.
     */
    public static DetectionLogReader open(Path file, boolean skipBad, ExecutorService parsers, int threads)
            throws DataException {
        try {
            return new DetectionLogReader(file, Files.newBufferedReader(file, StandardCharsets.UTF_8), skipBad, parsers,
                    threads);
        } catch (IOException e) {
            throw new DataException(file + ": cannot read: " + e.getMessage(), e);
        }
    }

    /** The feature names of the first record, in input order; null before it is read. */
    public List<String> featureNames() {
        return featureNames;
    }

    /**
     * Fixes the feature names expected on every line (the names of an earlier file), so several
     * rotated files read as one log.
     */
    public void expectFeatures(List<String> names) {
        this.featureNames = List.copyOf(names);
    }

    /** Malformed lines skipped so far (only with skipBad). */
    public int skippedLines() {
        return skipped;
    }

    /** Non-blank lines read so far (ahead of the records returned, by the batches in flight). */
    public int linesRead() {
        return nonBlank;
    }

    /** The next record, or null at the end of the file. */
    public DetectionRecord next() throws DataException {
        while (true) {
            if (featureNames == null) {
                // Until a record fixes the feature names, one line at a time.
                Line l = readLine();
                if (l == null) {
                    return null;
                }
                Parsed p;
                try {
                    List<String> names = DetectionLineParser.featureNames(l.text());
                    p = new Parsed(l.number(), DetectionLineParser.parse(l.text(), names), null);
                    featureNames = names;
                } catch (JsonFormatException e) {
                    p = new Parsed(l.number(), null, e);
                }
                DetectionRecord r = accept(p);
                if (r != null) {
                    return r;
                }
                continue;
            }
            if (batch != null && batchAt < batch.length) {
                DetectionRecord r = accept(batch[batchAt++]);
                if (r != null) {
                    return r;
                }
                continue;
            }
            submitBatches();
            Future<Parsed[]> oldest = inFlight.poll();
            if (oldest == null) {
                return null;
            }
            batch = await(oldest);
            batchAt = 0;
        }
    }

    private DetectionRecord accept(Parsed p) throws DataException {
        if (p.record() != null) {
            return p.record();
        }
        if (!skipBad) {
            // each line is a document of one line: its column, the file's line number
            throw new DataException(file + ":" + p.line() + ":" + p.error().column() + ": " + p.error().detail());
        }
        skipped++;
        return null;
    }

    private void submitBatches() throws DataException {
        List<String> names = featureNames;
        while (!ended && inFlight.size() < maxInFlight) {
            List<Line> lines = new ArrayList<>(BATCH_LINES);
            Line l;
            while (lines.size() < BATCH_LINES && (l = readLine()) != null) {
                lines.add(l);
            }
            if (lines.isEmpty()) {
                return;
            }
            Callable<Parsed[]> task = () -> parseAll(lines, names);
            if (parsers == null) {
                try {
                    inFlight.add(CompletableFuture.completedFuture(task.call()));
                } catch (Exception e) {
                    throw new IllegalStateException(e);
                }
            } else {
                inFlight.add(parsers.submit(task));
            }
        }
    }

    private static Parsed[] parseAll(List<Line> lines, List<String> names) {
        Parsed[] out = new Parsed[lines.size()];
        for (int i = 0; i < out.length; i++) {
            Line l = lines.get(i);
            try {
                out[i] = new Parsed(l.number(), DetectionLineParser.parse(l.text(), names), null);
            } catch (JsonFormatException e) {
                out[i] = new Parsed(l.number(), null, e);
            }
        }
        return out;
    }

    private Parsed[] await(Future<Parsed[]> f) throws DataException {
        try {
            return f.get();
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new DataException(file + ": interrupted while parsing", e);
        } catch (ExecutionException e) {
            throw new IllegalStateException("parsing " + file + " failed", e.getCause());
        }
    }

    /** The next non-blank line, or null at the end. */
    private Line readLine() throws DataException {
        while (true) {
            String text;
            try {
                text = in.readLine();
            } catch (IOException e) {
                throw new DataException(file + ":" + (line + 1) + ": cannot read: " + e.getMessage(), e);
            }
            if (text == null) {
                ended = true;
                return null;
            }
            line++;
            if (!text.isBlank()) {
                nonBlank++;
                return new Line(line, text);
            }
        }
    }

    @Override
    public void close() throws DataException {
        for (Future<Parsed[]> f : inFlight) {
            f.cancel(false);
        }
        inFlight.clear();
        try {
            in.close();
        } catch (IOException e) {
            throw new DataException(file + ": " + e.getMessage(), e);
        }
    }
}
