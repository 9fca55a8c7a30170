package dev.bliss.training.data;

import java.io.BufferedReader;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.stream.Collectors;

/**
 * The simulator's ground truth: CSV with the header {@code request_id,population,label}, label 1
 * for automated and 0 for human. Every malformed line is an error naming file:line; a truth file
 * is written by a program, so a bad line means the wrong file, not noise to skip. Several files
 * (the truths of several lab runs trained on together) are one truth: a request id in two of them
 * is an error, since two runs of one seed number their requests alike.
 */
public final class GroundTruth implements RequestLabels {

    static final String HEADER = "request_id,population,label";

    private final List<Path> files;
    private final Map<String, Truth> byRequest;

    private GroundTruth(List<Path> files, Map<String, Truth> byRequest) {
        this.files = files;
        this.byRequest = byRequest;
    }

    public static GroundTruth read(Path file) throws DataException {
        return read(List.of(file));
    }

    /** One truth of {@code files}, whose request ids must not overlap. */
    public static GroundTruth read(List<Path> files) throws DataException {
        if (files.isEmpty()) {
            throw new IllegalArgumentException("no truth files");
        }
        Map<String, Truth> map = new HashMap<>();
        // Few distinct populations: share their strings.
        Map<String, String> populations = new HashMap<>();
        for (int i = 0; i < files.size(); i++) {
            read(files.get(i), map, populations, files.subList(0, i));
        }
        return new GroundTruth(List.copyOf(files), map);
    }

    /** Adds {@code file}'s rows to {@code map}; {@code earlier} are the files already read into it. */
    private static void read(Path file, Map<String, Truth> map, Map<String, String> populations, List<Path> earlier)
            throws DataException {
        try (BufferedReader in = Files.newBufferedReader(file, StandardCharsets.UTF_8)) {
            String header = in.readLine();
            if (header == null || !header.strip().equals(HEADER)) {
                throw new DataException(file + ":1: expected the header " + HEADER + ", got "
                        + (header == null ? "an empty file" : '"' + header + '"'));
            }
            int line = 1;
            String text;
            while ((text = in.readLine()) != null) {
                line++;
                if (text.isBlank()) {
                    continue;
                }
                String[] cols = text.strip().split(",", -1);
                if (cols.length != 3) {
                    throw new DataException(file + ":" + line + ": expected 3 columns (" + HEADER + "), got " + cols.length);
                }
                if (cols[0].isEmpty() || cols[1].isEmpty()) {
                    throw new DataException(file + ":" + line + ": empty " + (cols[0].isEmpty() ? "request_id" : "population"));
                }
                boolean automated = switch (cols[2]) {
                    case "1" -> true;
                    case "0" -> false;
                    default -> throw new DataException(file + ":" + line + ": label must be 0 or 1, got \"" + cols[2] + '"');
                };
                String population = populations.computeIfAbsent(cols[1], p -> p);
                if (map.put(cols[0], new Truth(population, automated)) != null) {
                    Path first = firstWith(cols[0], earlier);
                    throw new DataException(file + ":" + line + ": request_id " + cols[0] + (first == null
                            ? " appears twice" : " is in " + first + " too (two runs of one seed number their requests alike)"));
                }
            }
        } catch (IOException e) {
            throw new DataException(file + ": cannot read: " + e.getMessage(), e);
        }
    }

    /** The first of {@code files} with a row for {@code requestId}, or null: read again, on the error's path only. */
    private static Path firstWith(String requestId, List<Path> files) throws IOException {
        for (Path file : files) {
            try (BufferedReader in = Files.newBufferedReader(file, StandardCharsets.UTF_8)) {
                String text;
                while ((text = in.readLine()) != null) {
                    if (text.startsWith(requestId + ",")) {
                        return file;
                    }
                }
            }
        }
        return null;
    }

    /** The truth for a request, or null when the file has none. */
    public Truth get(String requestId) {
        return byRequest.get(requestId);
    }

    @Override
    public Truth of(DetectionRecord record) {
        return byRequest.get(record.requestId());
    }

    @Override
    public String source() {
        return files.stream().map(Path::toString).collect(Collectors.joining(" + "));
    }

    public int size() {
        return byRequest.size();
    }
}
