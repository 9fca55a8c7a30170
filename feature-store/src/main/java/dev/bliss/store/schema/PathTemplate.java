package dev.bliss.store.schema;

/**
 * A path split into its template and its number: {@code /products/123} is the template
 * {@code /products/#} and the number 123; {@code /api/v2/items/55.json} is
 * {@code /api/v2/items/#.json} and 55. The windows compare a key's consecutive pages by these two
 * values to see a catalogue read in order (product n, then n + 1), which a person following links
 * does not do.
 *
 * <p><b>Only the last run of digits is taken out.</b> In the paths of sites, the last number is
 * the one that names the resource (a product, a post, a page of results); the numbers before it
 * name the collection it is in (an API version, a year in an archive, a parent's id), so they stay
 * part of the template: {@code /v1/items/5} then {@code /v2/items/6} is two different collections,
 * not a walk. A run longer than {@link #MAX_DIGITS} digits is a hash or a token rather than a
 * counter, and leaves the path without a number.
 *
 * <p>Like {@link DimensionKeys}, the template hash is a file format: every proxy of a fleet must
 * compute the same one for the same path, so that one key's pages compare across nodes.
 *
 * <p>Stateless, thread-safe, allocation-free.
 */
public final class PathTemplate {

    /** The number of a path without one. */
    public static final long NO_NUMBER = -1;
    /** The {@link #numberSpan} of a path without a number. */
    public static final long NO_SPAN = -1;
    /** The longest run of digits read as a number: 18 digits always fit a long. */
    public static final int MAX_DIGITS = 18;

    private static final long SEAM = 0xD6E8FEB86659FD93L;

    private PathTemplate() {
    }

    /**
     * Where the number of {@code path} is: its last run of decimal digits, as
     * {@code start << 32 | end}, or {@link #NO_SPAN} when the path has none (or only a run too long
     * to be one). Found once per request, then handed to {@link #number(CharSequence, long)} and
     * {@link #templateHash(CharSequence, long, long)}, so that the path is scanned once for both.
     */
    public static long numberSpan(CharSequence path) {
        int end = lastRunEnd(path);
        if (end < 0) {
            return NO_SPAN;
        }
        int start = runStart(path, end);
        return end - start > MAX_DIGITS ? NO_SPAN : (long) start << 32 | end;
    }

    /** The value of the last run of decimal digits in {@code path}, or {@link #NO_NUMBER}. */
    public static long number(CharSequence path) {
        return number(path, numberSpan(path));
    }

    /** The number at {@code span} ({@link #numberSpan}) of {@code path}, or {@link #NO_NUMBER}. */
    public static long number(CharSequence path, long span) {
        if (span == NO_SPAN) {
            return NO_NUMBER;
        }
        long n = 0;
        for (int i = (int) (span >>> 32), end = (int) span; i < end; i++) {
            n = n * 10 + (path.charAt(i) - '0');
        }
        return n;
    }

    /**
     * The hash of {@code path}'s template: the path with its last run of digits taken out (two
     * paths that differ only in that number have the same template hash). A path without a
     * number (or with only a run too long to be one) hashes as itself, exactly as
     * {@link DimensionKeys#chars} does.
     */
    public static long templateHash(CharSequence path) {
        long span = numberSpan(path);
        return templateHash(path, span, span == NO_SPAN ? DimensionKeys.chars(path, 0, path.length(), false) : 0);
    }

    /**
     * As {@link #templateHash(CharSequence)}, with the number's {@code span} ({@link #numberSpan})
     * and the path's own hash ({@code DimensionKeys.chars} of the whole path), which is the
     * template's when there is no number: a caller that has it already does not hash the path
     * again.
     */
    public static long templateHash(CharSequence path, long span, long pathHash) {
        if (span == NO_SPAN) {
            return pathHash;
        }
        int start = (int) (span >>> 32);
        int end = (int) span;
        // the two sides hashed apart and joined at the seam: "/a1/b" and "/a/1b" stay apart
        long before = DimensionKeys.chars(path, 0, start, false);
        long after = DimensionKeys.chars(path, end, path.length(), false);
        return DimensionKeys.mix(before * SEAM ^ Long.rotateLeft(after, 31));
    }

    /** One past the last digit of the last run of digits, or -1 when the path has none. */
    private static int lastRunEnd(CharSequence path) {
        for (int i = path.length() - 1; i >= 0; i--) {
            if (isDigit(path.charAt(i))) {
                return i + 1;
            }
        }
        return -1;
    }

    private static int runStart(CharSequence path, int end) {
        int i = end - 1;
        while (i > 0 && isDigit(path.charAt(i - 1))) {
            i--;
        }
        return i;
    }

    private static boolean isDigit(char c) {
        return c >= '0' && c <= '9';
    }
}
