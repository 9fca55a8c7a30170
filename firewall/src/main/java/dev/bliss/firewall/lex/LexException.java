package dev.bliss.firewall.lex;

/**
 * A failure to read a filter, at a span of its source. Thrown by {@link Scanner} and the parser,
 * turned into the public {@code FilterException} (with line, column and carets) at the edge of
 * the firewall. Unchecked because it only travels inside one parse.
 */
public final class LexException extends RuntimeException {

    private static final long serialVersionUID = 1L;

    private final int start;
    private final int end;

    /**
     * @param message the wirefilter-style message, e.g. {@code unknown identifier}
     * @param start   offset of the first offending character in the source
     * @param end     offset after the last; equal to {@code start} for an empty span
     */
    public LexException(String message, int start, int end) {
        super(message, null, false, false);
        this.start = start;
        this.end = Math.max(start, end);
    }

    public int start() {
        return start;
    }

    public int end() {
        return end;
    }
}
