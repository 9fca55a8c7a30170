package dev.bliss.firewall.eval;

import dev.bliss.plugin.HeaderName;
import dev.bliss.plugin.RequestView;
import dev.bliss.plugin.field.Fields;
import java.util.Arrays;
import java.util.function.Function;

/**
 * The per-event-loop state that compiled filters run against: the current request and field
 * table, a few registers through which value nodes hand results to their parents, and buffers
 * laid out once from the rule set's {@link ContextLayout}.
 *
 * <pre>
 *   registers   bytes (+ the int a BytesNode returns), intValue, floatValue, ipHigh/ipLow
 *   text        one buffer per request text field, filled on first read in a request
 *   headers     per distinct headers["key"]: the indexes of that header, found on first read
 *   scratch     one buffer per function call or array element that needs one
 *   each        the current element of each [*] being iterated
 *   regex       int scratch for regexes too large for a prebuilt automaton
 * </pre>
 *
 * <p>Lazily filled caches are stamped with the request's generation instead of being cleared,
 * so starting a request costs one increment. Buffers grow (allocate) only when a value is longer
 * than any seen before on this loop; after warm-up evaluation allocates nothing.
 *
 * <p><b>Text as bytes:</b> the request's character sequences are taken one char per byte
 * (ISO-8859-1), which is how the HTTP codec decoded the bytes it received; rule literals are
 * UTF-8, so a non-ASCII literal matches the bytes a client sent for it. A char above U+00FF (which
 * an HTTP codec never produces) contributes its low 8 bits.
 *
 * <p><b>Thread:</b> one event loop; not thread-safe.
 */
public final class ExecutionContext {

    private static final byte[] HTTP = "http://".getBytes(java.nio.charset.StandardCharsets.ISO_8859_1);
    private static final byte[] HTTPS = "https://".getBytes(java.nio.charset.StandardCharsets.ISO_8859_1);

    // ---- registers: a value node's result, read by its parent right after the call
    /** The array holding the bytes a {@code BytesNode.load} returned the length of. */
    public byte[] bytes;
    public long intValue;
    public double floatValue;
    public long ipHigh;
    public long ipLow;

    /** The current element index of each map-each ({@code [*]}) iteration. */
    public final int[] each;

    private RequestView view;
    private Fields fields;
    /** The headers that fields read by name, resolved by the host once (no name hashed per request). */
    private final HeaderName userAgent;
    private final HeaderName referer;
    private int generation;

    private final byte[][] text = new byte[RequestField.TEXT_FIELDS][];
    private final int[] textLength = new int[RequestField.TEXT_FIELDS];
    private final int[] textGeneration = new int[RequestField.TEXT_FIELDS];

    private final String[] headerKeys;
    private final int[][] headerIndexes;
    private final int[] headerCount;
    private final int[] headerGeneration;

    private final byte[][] scratch;
    private final int[][] regexScratch;

    /** A context whose header names look headers up by text (tests, tools; see the other constructor). */
    public ExecutionContext(ContextLayout layout) {
        this(layout, HeaderName::of);
    }

    /**
     * @param headerNames resolves a header name to the host's handle for it (the proxy's
     *                    {@code DetectorContext.headerName}, whose key has its hash cached)
     */
    public ExecutionContext(ContextLayout layout, Function<String, HeaderName> headerNames) {
        this.userAgent = headerNames.apply("user-agent");
        this.referer = headerNames.apply("referer");
        this.each = new int[layout.eachSlots()];
        this.headerKeys = layout.headerKeys().toArray(new String[0]);
        this.headerIndexes = new int[headerKeys.length][];
        this.headerCount = new int[headerKeys.length];
        this.headerGeneration = new int[headerKeys.length];
        for (int i = 0; i < headerKeys.length; i++) {
            headerIndexes[i] = new int[8];
        }
        this.scratch = new byte[layout.scratchSlots()][];
        for (int i = 0; i < scratch.length; i++) {
            scratch[i] = new byte[256];
        }
        for (int i = 0; i < text.length; i++) {
            text[i] = new byte[256];
        }
        this.regexScratch = new int[layout.regexScratchLengths().length][];
        for (int i = 0; i < regexScratch.length; i++) {
            regexScratch[i] = new int[layout.regexScratchLengths()[i]];
        }
        Arrays.fill(textGeneration, -1);
        Arrays.fill(headerGeneration, -1);
    }

    /** Points the context at the next request. */
    public void begin(RequestView request, Fields table) {
        this.view = request;
        this.fields = table;
        generation++;
    }

    public RequestView view() {
        return view;
    }

    public Fields fields() {
        return fields;
    }

    // ---- request text

    /**
     * Loads a request text field into {@link #bytes}; returns its length, or -1 when the request
     * has no such value (an absent header, no Host).
     */
    public int text(RequestField field) {
        int i = field.ordinal();
        if (textGeneration[i] != generation) {
            textLength[i] = loadText(field, i);
            textGeneration[i] = generation;
        }
        bytes = text[i];
        return textLength[i];
    }

    private int loadText(RequestField field, int i) {
        return switch (field) {
            case METHOD -> copyText(i, view.method());
            case URI -> copyText(i, view.uri());
            case PATH -> copyText(i, view.path());
            case RAW_PATH -> copyText(i, view.rawPath());
            case QUERY -> {
                CharSequence q = view.query();
                yield q == null ? copyText(i, "") : copyText(i, q);
            }
            case HOST -> copyText(i, view.host());
            case USER_AGENT -> copyText(i, view.header(userAgent));
            case REFERER -> copyText(i, view.header(referer));
            case COOKIE -> joinHeaders(i, "cookie", (byte) ';');
            case X_FORWARDED_FOR -> joinHeaders(i, "x-forwarded-for", (byte) ',');
            case VERSION -> copyText(i, view.version().text());
            case FULL_URI -> fullUri(i);
            default -> throw new IllegalArgumentException(field + " is not text");
        };
    }

    private int copyText(int i, CharSequence value) {
        if (value == null) {
            return -1;
        }
        int n = value.length();
        if (text[i].length < n) {
            text[i] = new byte[grow(n)];
        }
        copy(value, text[i], 0);
        return n;
    }

    /** All values of a header joined by {@code "; "} or {@code ", "}; -1 when there is none. */
    private int joinHeaders(int i, String lowerName, byte separator) {
        int length = -1;
        for (int h = 0, count = view.headerCount(); h < count; h++) {
            if (!Ascii.equalsLowerCase(view.headerName(h), lowerName)) {
                continue;
            }
            CharSequence value = view.headerValue(h);
            int start = length < 0 ? 0 : length + 2;
            int needed = start + value.length();
            if (text[i].length < needed) {
                text[i] = Arrays.copyOf(text[i], grow(needed));
            }
            if (length >= 0) {
                text[i][length] = separator;
                text[i][length + 1] = ' ';
            }
            copy(value, text[i], start);
            length = needed;
        }
        return length;
    }

    private int fullUri(int i) {
        CharSequence host = view.host();
        if (host == null) {
            return -1;
        }
        byte[] scheme = view.isTls() ? HTTPS : HTTP;
        CharSequence uri = view.uri();
        int needed = scheme.length + host.length() + uri.length();
        if (text[i].length < needed) {
            text[i] = new byte[grow(needed)];
        }
        System.arraycopy(scheme, 0, text[i], 0, scheme.length);
        copy(host, text[i], scheme.length);
        copy(uri, text[i], scheme.length + host.length());
        return needed;
    }

    // ---- headers["key"]

    /** How many headers are named like header key slot {@code slot}; -1 when there is none. */
    public int headerCount(int slot) {
        if (headerGeneration[slot] != generation) {
            String key = headerKeys[slot];
            int n = 0;
            for (int h = 0, count = view.headerCount(); h < count; h++) {
                if (Ascii.equalsLowerCase(view.headerName(h), key)) {
                    if (n == headerIndexes[slot].length) {
                        headerIndexes[slot] = Arrays.copyOf(headerIndexes[slot], n * 2);
                    }
                    headerIndexes[slot][n++] = h;
                }
            }
            headerCount[slot] = n == 0 ? -1 : n;
            headerGeneration[slot] = generation;
        }
        return headerCount[slot];
    }

    /** The request header index of the {@code i}-th header named like key slot {@code slot}. */
    public int headerIndex(int slot, int i) {
        return headerIndexes[slot][i];
    }

    // ---- scratch

    /** Scratch buffer {@code slot}, at least {@code length} long; its content is not kept on growth. */
    public byte[] scratch(int slot, int length) {
        byte[] b = scratch[slot];
        if (b.length < length) {
            b = new byte[grow(length)];
            scratch[slot] = b;
        }
        return b;
    }

    /** Scratch buffer {@code slot}, at least {@code length} long, keeping its first {@code keep} bytes. */
    public byte[] scratchKeeping(int slot, int length, int keep) {
        byte[] b = scratch[slot];
        if (b.length < length) {
            b = Arrays.copyOf(b, grow(length));
            scratch[slot] = b;
        }
        return b;
    }

    /** Copies a character sequence into scratch {@code slot}; sets {@link #bytes}, returns the length. */
    public int copyToScratch(int slot, CharSequence value) {
        byte[] b = scratch(slot, value.length());
        copy(value, b, 0);
        bytes = b;
        return value.length();
    }

    public int[] regexScratch(int slot) {
        return regexScratch[slot];
    }

    private static int grow(int needed) {
        return Math.max(256, Integer.highestOneBit(needed - 1) << 1);
    }

    /** One char per byte (see the class comment). */
    @SuppressWarnings("deprecation")
    static void copy(CharSequence value, byte[] dst, int at) {
        int n = value.length();
        if (value instanceof String s) {
            // Copies the low byte of each char, without encoding or allocating: exactly the
            // ISO-8859-1 bytes of text an HTTP codec decoded.
            s.getBytes(0, n, dst, at);
            return;
        }
        for (int i = 0; i < n; i++) {
            dst[at + i] = (byte) value.charAt(i);
        }
    }
}
