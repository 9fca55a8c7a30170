package dev.bliss.proxy.forward;

/**
 * A made request id ({@link RequestIds}), in a buffer that is rewritten for each request: a
 * {@link CharSequence} valid until its owner is reused. {@link #toString()} copies.
 *
 * <p>Not thread-safe; owned by one pooled request context.
 */
public final class RequestIdBuffer implements CharSequence {

    /** {@code pppppppp-llll-cccccccccccc}. */
    public static final int LENGTH = 26;

    private static final char[] HEX = "0123456789abcdef".toCharArray();

    private final char[] chars = new char[LENGTH];

    void write(int processPrefix, int loop, long counter) {
        hex(processPrefix & 0xFFFF_FFFFL, 0, 8);
        chars[8] = '-';
        hex(loop & 0xFFFFL, 9, 4);
        chars[13] = '-';
        hex(counter & 0xFFFF_FFFF_FFFFL, 14, 12);
    }

    private void hex(long value, int at, int digits) {
        for (int i = digits - 1; i >= 0; i--) {
            chars[at + i] = HEX[(int) (value & 0xF)];
            value >>>= 4;
        }
    }

    @Override
    public int length() {
        return LENGTH;
    }

    @Override
    public char charAt(int index) {
        return chars[index];
    }

    @Override
    public CharSequence subSequence(int start, int end) {
        return new String(chars, start, end - start);
    }

    @Override
    public String toString() {
        return new String(chars);
    }
}
