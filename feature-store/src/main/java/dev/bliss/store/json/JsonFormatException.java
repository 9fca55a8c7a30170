package dev.bliss.store.json;

/**
 * A JSON document that must not be used, and where: the line and column of the offending token
 * (1-based, in characters), the key path to it ({@code oblivious_trees[3].leaf_values}; empty at
 * the top) and what is wrong.
 *
 * <p>The message is {@code line:column: path: reason}, so that a caller that knows the file
 * writes {@code file + ':' + getMessage()} and gets the usual {@code file:line:column: ...}. A
 * caller that numbers lines itself (a detection log parses each line as its own document) takes
 * {@link #column()} and {@link #detail()} instead.
 */
public final class JsonFormatException extends Exception {

    private static final long serialVersionUID = 1L;

    private final int line;
    private final int column;
    private final String path;
    private final String reason;

    JsonFormatException(int line, int column, String path, String reason) {
        super(line + ":" + column + ": " + detail(path, reason), null, false, false);
        this.line = line;
        this.column = column;
        this.path = path;
        this.reason = reason;
    }

    public int line() {
        return line;
    }

    public int column() {
        return column;
    }

    /** The key path to the offending value, in the dotted form the messages use; empty at the top. */
    public String path() {
        return path;
    }

    public String reason() {
        return reason;
    }

    /** {@code path: reason}, or the reason alone at the top of the document: the message without the position. */
    public String detail() {
        return detail(path, reason);
    }

    private static String detail(String path, String reason) {
        return path.isEmpty() ? reason : path + ": " + reason;
    }
}
