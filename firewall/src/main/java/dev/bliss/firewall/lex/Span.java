package dev.bliss.firewall.lex;

/** A half-open range {@code [start, end)} of character offsets in a filter's source. */
public record Span(int start, int end) {

    public Span {
        if (start < 0 || end < start) {
            throw new IllegalArgumentException("bad span " + start + ".." + end);
        }
    }

    public int length() {
        return end - start;
    }
}
