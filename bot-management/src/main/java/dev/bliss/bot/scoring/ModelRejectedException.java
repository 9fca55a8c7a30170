package dev.bliss.bot.scoring;

import dev.bliss.store.json.JsonFormatException;
import java.nio.file.Path;

/**
 * A model file that must not be used, with the reason in words an operator can act on
 * ("oblivious_trees[3].splits[0]: split_index is missing ..."). The message never names the
 * file: the caller adds it with {@link #inFile} and, at startup, the models.yaml position. A
 * rejection found in the file's JSON also knows where in the file ({@code m.json:1:5321: ...}).
 */
final class ModelRejectedException extends Exception {

    private static final long serialVersionUID = 1L;

    /** "line:column" in the file, or null when the reason is about the file as a whole. */
    private final String position;

    ModelRejectedException(String reason) {
        super(reason);
        this.position = null;
    }

    ModelRejectedException(JsonFormatException inTheJson) {
        super(inTheJson.detail());
        this.position = inTheJson.line() + ":" + inTheJson.column();
    }

    /** {@code file:line:column: reason}, or {@code file: reason}. */
    String inFile(Path file) {
        return position == null ? file + ": " + getMessage() : file + ":" + position + ": " + getMessage();
    }
}
