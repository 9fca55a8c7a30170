package dev.bliss.proxy.exchange;

/**
 * A window on part of a string, re-pointed per request, so that the path and the query of a
 * request target are sequences without a substring being made. {@link #toString()} makes one,
 * for whoever needs to keep it.
 */
final class TextSlice implements CharSequence {

    private String text = "";
    private int start;
    private int end;

    TextSlice set(String text, int start, int end) {
        this.text = text;
        this.start = start;
        this.end = end;
        return this;
    }

    /**
     * What a reader of the request is given: the string itself when the slice spans all of it
     * (a target without a query, a normalised path), else this slice. Readers take fast paths
     * for {@code String}s (bulk copies into the firewall's bytes, hashing without calls through
     * the interface), so handing over the string where there is one saves them a call per
     * character.
     */
    CharSequence shown() {
        return start == 0 && end == text.length() ? text : this;
    }

    void clear() {
        text = "";
        start = 0;
        end = 0;
    }

    @Override
    public int length() {
        return end - start;
    }

    @Override
    public char charAt(int index) {
        if (index < 0 || index >= end - start) {
            throw new IndexOutOfBoundsException(index);
        }
        return text.charAt(start + index);
    }

    @Override
    public CharSequence subSequence(int from, int to) {
        return text.substring(start + from, start + to);
    }

    @Override
    public String toString() {
        return text.substring(start, end);
    }
}
