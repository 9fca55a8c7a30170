package dev.bliss.features.importer;

/**
 * A bulk import rejected as a whole: the first line that does not parse or does not fit the
 * schema, with its number (1-based; 0 when the source itself could not be read).
 */
public final class ImportException extends Exception {

    private final long line;

    public ImportException(String source, long line, String reason) {
        super(source + (line > 0 ? ":" + line : "") + ": " + reason + "; nothing imported");
        this.line = line;
    }

    public ImportException(String source, String reason, Throwable cause) {
        super(source + ": " + reason + "; nothing imported", cause);
        this.line = 0;
    }

    /** The offending line, 1-based; 0 when the source could not be read. */
    public long line() {
        return line;
    }
}
