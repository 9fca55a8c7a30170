package dev.bliss.training.simulate;

import java.io.BufferedWriter;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.io.Writer;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;

/**
 * The ground truth of a run: one CSV row per request sent, {@code request_id,population,label}
 * (label 1 = automated, 0 = human), written by the simulator and never shown to the proxy.
 *
 * <p>Written on the simulator's event loop: rows go into a 1 MiB buffer, so a write to the file
 * (the page cache) happens about every 30,000 requests and costs well under a millisecond; a
 * queue to another thread would cost more than it saves. Not thread-safe.
 */
public final class TruthFile implements AutoCloseable {

    public static final String HEADER = "request_id,population,label";

    private final Writer out;
    private long rows;

    private TruthFile(Writer out) throws IOException {
        this.out = out;
        out.write(HEADER);
        out.write('\n');
    }

    /** Creates (or replaces) the file, creating its directory. */
    public static TruthFile create(Path file) throws IOException {
        Path dir = file.toAbsolutePath().getParent();
        if (dir != null) {
            Files.createDirectories(dir);
        }
        return new TruthFile(new BufferedWriter(Files.newBufferedWriter(file, StandardCharsets.UTF_8), 1 << 20));
    }

    public void write(SimulatedRequest request) {
        try {
            out.write(request.id());
            out.write(',');
            out.write(request.population().id());
            out.write(',');
            out.write('0' + request.population().label());
            out.write('\n');
            rows++;
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    public long rows() {
        return rows;
    }

    @Override
    public void close() throws IOException {
        out.close();
    }
}
