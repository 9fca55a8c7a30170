package dev.bliss.proxy.exchange;

/**
 * Normalises the path of a request target the way Cloudflare's "Normalize incoming URLs" does,
 * so that a rule on {@code /admin} also holds for {@code //admin}, {@code /%61dmin},
 * {@code /./admin}, {@code /x/../admin} and {@code /%2e/admin}:
 *
 * <ol>
 *   <li>percent-encoded unreserved characters (RFC 3986 §2.3: {@code A-Z a-z 0-9 - . _ ~}) are
 *       decoded, and the hex digits of every other escape are upper-cased ({@code %2f} and
 *       {@code %2F} are one path);</li>
 *   <li>{@code \} becomes {@code /} (what Windows origins and some frameworks do with it);</li>
 *   <li>runs of {@code /} merge into one;</li>
 *   <li>dot segments are removed (RFC 3986 §5.2.4; a {@code ..} above the root stays at the root).</li>
 * </ol>
 *
 * An encoded slash ({@code %2F}) stays encoded: it is data inside a segment, never a separator,
 * so it is neither merged nor taken as a segment boundary. Malformed escapes ({@code %zz},
 * {@code %4}) and {@code %00} make the path {@link #INVALID} (nginx refuses both with 400).
 *
 * <p>A path that is already normal (nearly every path) is only scanned: {@link #normalize}
 * returns {@link #NORMAL} without writing or allocating anything. Otherwise the result is written
 * into this object's reused buffer and copied out by {@link #result()}.
 *
 * <p>One per event loop; not thread-safe.
 */
final class PathNormalizer {

    /** The path was normal already: use it as it is. */
    static final int NORMAL = 0;
    /** The path was rewritten: {@link #result()} holds the normal form. */
    static final int CHANGED = 1;
    /** The path cannot be normalised (a malformed escape, {@code %00}): refuse the request. */
    static final int INVALID = -1;

    private char[] out = new char[256];
    private int length;

    /**
     * Normalises {@code text[start, end)}, which must start with {@code /}.
     *
     * @return {@link #NORMAL}, {@link #CHANGED} or {@link #INVALID}
     */
    int normalize(CharSequence text, int start, int end) {
        int verdict = scan(text, start, end);
        if (verdict != CHANGED) {
            return verdict;
        }
        rewrite(text, start, end);
        return CHANGED;
    }

    /** The normal form after {@link #normalize} returned {@link #CHANGED}, as a string of its own. */
    String result() {
        return new String(out, 0, length);
    }

    /** Whether the path needs rewriting, without writing anything. */
    private static int scan(CharSequence text, int start, int end) {
        boolean changed = false;
        for (int i = start; i < end; i++) {
            char c = text.charAt(i);
            if (c == '%') {
                if (i + 2 >= end) {
                    return INVALID;
                }
                int hi = hex(text.charAt(i + 1));
                int lo = hex(text.charAt(i + 2));
                if (hi < 0 || lo < 0 || (hi == 0 && lo == 0)) {
                    return INVALID;
                }
                char decoded = (char) (hi << 4 | lo);
                if (isUnreserved(decoded) || isLowerHex(text.charAt(i + 1)) || isLowerHex(text.charAt(i + 2))) {
                    changed = true;
                }
                i += 2;
            } else if (c == '\\') {
                changed = true;
            } else if (c == '/' && !changed) {
                // "//", "/./", "/../", and a path ending in "/." or "/.."
                int next = i + 1;
                if (next < end && (text.charAt(next) == '/' || text.charAt(next) == '\\')) {
                    changed = true;
                } else if (next < end && text.charAt(next) == '.') {
                    int after = next + 1;
                    if (after == end || text.charAt(after) == '/' || text.charAt(after) == '\\') {
                        changed = true;
                    } else if (text.charAt(after) == '.' && (after + 1 == end || text.charAt(after + 1) == '/'
                            || text.charAt(after + 1) == '\\')) {
                        changed = true;
                    }
                }
            }
        }
        return changed ? CHANGED : NORMAL;
    }

    /**
     * Decodes, turns {@code \} into {@code /}, then walks the segments: empty ones (merged
     * slashes) and {@code .} are dropped, {@code ..} removes the segment before it. The escapes'
     * validity was checked by {@link #scan}.
     */
    private void rewrite(CharSequence text, int start, int end) {
        if (out.length < end - start + 1) {
            out = new char[Math.max(out.length * 2, end - start + 1)];
        }
        int n = 0;
        int segmentStart = -1; // index in out of the '/' that opened the current segment
        int i = start;
        while (i < end) {
            char c = text.charAt(i);
            if (c == '\\') {
                c = '/';
            }
            if (c == '/') {
                n = closeSegment(n, segmentStart);
                if (n == 0 || out[n - 1] != '/') {
                    out[n++] = '/';
                }
                segmentStart = n - 1;
                i++;
                continue;
            }
            if (c == '%') {
                int hi = hex(text.charAt(i + 1));
                int lo = hex(text.charAt(i + 2));
                char decoded = (char) (hi << 4 | lo);
                if (isUnreserved(decoded)) {
                    out[n++] = decoded;
                } else {
                    out[n++] = '%';
                    out[n++] = Character.toUpperCase(text.charAt(i + 1));
                    out[n++] = Character.toUpperCase(text.charAt(i + 2));
                }
                i += 3;
                continue;
            }
            out[n++] = c;
            i++;
        }
        n = closeSegment(n, segmentStart);
        if (n == 0) {
            out[n++] = '/';
        }
        length = n;
    }

    /**
     * The segment after {@code out[slash]} ended at {@code n}: a {@code .} is dropped, a
     * {@code ..} is dropped with the segment before it. Leaves the trailing '/' in place.
     *
     * @return the new end of the output
     */
    private int closeSegment(int n, int slash) {
        if (slash < 0) {
            return n;
        }
        int len = n - slash - 1;
        if (len == 1 && out[slash + 1] == '.') {
            return slash + 1;
        }
        if (len == 2 && out[slash + 1] == '.' && out[slash + 2] == '.') {
            if (slash == 0) {
                return 1; // above the root: stay at the root
            }
            int previous = slash - 1;
            while (previous > 0 && out[previous] != '/') {
                previous--;
            }
            return previous + 1;
        }
        return n;
    }

    private static boolean isUnreserved(char c) {
        return (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') || (c >= '0' && c <= '9')
                || c == '-' || c == '.' || c == '_' || c == '~';
    }

    private static boolean isLowerHex(char c) {
        return c >= 'a' && c <= 'f';
    }

    private static int hex(char c) {
        if (c >= '0' && c <= '9') {
            return c - '0';
        }
        if (c >= 'a' && c <= 'f') {
            return c - 'a' + 10;
        }
        if (c >= 'A' && c <= 'F') {
            return c - 'A' + 10;
        }
        return -1;
    }
}
