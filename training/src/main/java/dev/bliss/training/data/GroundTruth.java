package dev.bliss.training.data;

import java.io.BufferedReader;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.HashMap;
import java.util.Map;

/**
 * The simulator's ground truth: CSV with the header {@code request_id,population,label}, label 1
 * for automated and 0 for human. Every malformed line is an error naming file:line; a truth file
 * is written by a program, so a bad line means the wrong file, not noise to skip.
 */
public final class GroundTruth implements RequestLabels {

    static final String HEADER = "request_id,population,label";

    private final Path file;
    private final Map<String, Truth> byRequest;

    private GroundTruth(Path file, Map<String, Truth> byRequest) {
        this.file = file;
        this.byRequest = byRequest;
    }

    public static GroundTruth read(Path file) throws DataException {
        Map<String, Truth> map = new HashMap<>();
        // Few distinct populations: share their strings.
        Map<String, String> populations = new HashMap<>();
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
                    throw new DataException(file + ":" + line + ": request_id " + cols[0] + " appears twice");
                }
            }
        } catch (IOException e) {
            throw new DataException(file + ": cannot read: " + e.getMessage(), e);
        }
        return new GroundTruth(file, map);
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
        return file.toString();
    }

    public int size() {
        return byRequest.size();
    }
}
