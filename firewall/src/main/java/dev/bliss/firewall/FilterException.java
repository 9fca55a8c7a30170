package dev.bliss.firewall;

import dev.bliss.firewall.lex.LexException;

/**
 * A filter that does not parse or type-check, reported the way wirefilter reports it, so people
 * who write Cloudflare rules recognise it:
 *
 * <pre>
 * Filter parsing error (1:14):
 * http.host eq 12 and ssl
 *              ^^ expected 1 characters, but found 0
 * </pre>
 *
 * Line and column are 1-based and count characters of the expression (not of the file it came
 * from); the carets cover the offending span, clipped to its line, at least one. The message has
 * no trailing newline.
 */
public final class FilterException extends Exception {

    private static final long serialVersionUID = 1L;

    private final int line;
    private final int column;
    private final int spanLength;
    private final String reason;
    private final String sourceLine;

    private FilterException(String message, int line, int column, int spanLength, String reason, String sourceLine) {
        super(message, null, false, false);
        this.line = line;
        this.column = column;
        this.spanLength = spanLength;
        this.reason = reason;
        this.sourceLine = sourceLine;
    }

    static FilterException of(String source, LexException e) {
        return at(source, e.start(), e.end(), e.getMessage());
    }

    /** The error for {@code source[start, end)}. */
    static FilterException at(String source, int start, int end, String reason) {
        start = Math.min(start, source.length());
        int lineStart = source.lastIndexOf('\n', start - 1) + 1;
        int line = 1;
        for (int i = 0; i < lineStart; i++) {
            if (source.charAt(i) == '\n') {
                line++;
            }
        }
        int lineEnd = source.indexOf('\n', start);
        if (lineEnd < 0) {
            lineEnd = source.length();
        }
        int column = start - lineStart;
        int length = Math.min(Math.max(0, end - start), lineEnd - start);
        String text = source.substring(lineStart, lineEnd);
        if (text.endsWith("\r")) {
            text = text.substring(0, text.length() - 1);
        }
        String message = "Filter parsing error (" + line + ':' + (column + 1) + "):\n" + text + '\n'
                + " ".repeat(column) + "^".repeat(Math.max(1, length)) + ' ' + reason;
        return new FilterException(message, line, column + 1, length, reason, text);
    }

    /** 1-based line of the expression where the problem starts. */
    public int line() {
        return line;
    }

    /** 1-based column (in characters) where the problem starts. */
    public int column() {
        return column;
    }

    /** Characters covered by the carets' span on that line (0 for a point, printed as one caret). */
    public int spanLength() {
        return spanLength;
    }

    /** The message after the carets, e.g. {@code unknown identifier}. */
    public String reason() {
        return reason;
    }

    /** The offending line of the expression. */
    public String sourceLine() {
        return sourceLine;
    }
}
