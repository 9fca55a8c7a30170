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
