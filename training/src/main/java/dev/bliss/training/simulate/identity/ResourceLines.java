package dev.bliss.training.simulate.identity;

import java.io.BufferedReader;
import java.io.IOException;
import java.io.InputStream;
import java.io.InputStreamReader;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;

/** The data lines of a text resource beside this class: blank lines and {@code #} comments left out. */
final class ResourceLines {

    /** A data line and its 1-based line number, for errors in the shipped files. */
    record Line(int number, String text) {

        IllegalStateException error(String resource, String message) {
            return new IllegalStateException(resource + ":" + number + ": " + message);
        }
    }

    private ResourceLines() {
    }

    static List<Line> read(String resource) {
        InputStream in = ResourceLines.class.getResourceAsStream(resource);
        if (in == null) {
            throw new IllegalStateException("missing resource " + resource + " beside " + ResourceLines.class.getName());
        }
        List<Line> lines = new ArrayList<>();
        try (BufferedReader reader = new BufferedReader(new InputStreamReader(in, StandardCharsets.UTF_8))) {
            String text;
            int number = 0;
            while ((text = reader.readLine()) != null) {
                number++;
                String trimmed = text.strip();
                if (!trimmed.isEmpty() && !trimmed.startsWith("#")) {
                    lines.add(new Line(number, trimmed));
                }
            }
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
        return lines;
    }
}
