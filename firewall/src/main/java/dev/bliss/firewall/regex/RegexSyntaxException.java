package dev.bliss.firewall.regex;

/** A pattern that is not a regex bliss can run, with the offset (in the pattern) of the problem. */
public final class RegexSyntaxException extends Exception {

    private static final long serialVersionUID = 1L;

    private final int offset;

    public RegexSyntaxException(String reason, int offset) {
        super(reason, null, false, false);
        this.offset = offset;
    }

    /** Character offset in the pattern where the problem was found. */
    public int offset() {
        return offset;
    }
}
