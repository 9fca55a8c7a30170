package dev.bliss.plugin;

import java.util.Locale;

/**
 * A request header's name, resolved once at startup, so that no detector hashes or lower-cases a
 * name per request: {@link RequestView#header(HeaderName)} looks it up with the host's own
 * precomputed key (the proxy's is Netty's {@code AsciiString}, whose hash is cached).
 *
 * <pre>{@code
 * HeaderName userAgent = context.headerName("user-agent");      // prepare(): once
 * CharSequence ua = request.header(userAgent);                  // inspect(): per request
 * }</pre>
 *
 * <p>Immutable and thread-safe; compare by {@link #text()}.
 */
public final class HeaderName {

    private final String text;
    private final CharSequence lookupKey;

    private HeaderName(String text, CharSequence lookupKey) {
        this.text = text;
        this.lookupKey = lookupKey;
    }

    /**
     * A name for views that look headers up by text (tests, tools). Detectors should take theirs
     * from {@link DetectorContext#headerName}, which gives the host's faster key.
     *
     * @throws IllegalArgumentException when {@code name} is not an HTTP token
     */
    public static HeaderName of(String name) {
        String lower = validated(name);
        return new HeaderName(lower, lower);
    }

    /**
     * For hosts: a name whose {@link #lookupKey()} is {@code key}, an object of the host's own that
     * equals the lower-case name as a sequence of characters.
     */
    public static HeaderName of(String name, CharSequence key) {
        String lower = validated(name);
        if (!lower.contentEquals(key)) {
            throw new IllegalArgumentException("key " + key + " does not spell " + lower);
        }
        return new HeaderName(lower, key);
    }

    /** The name, lower case (as HTTP/2 sends it). */
    public String text() {
        return text;
    }

    /** The key the host made for its lookups; the lower-case name itself for {@link #of(String)}. */
    public CharSequence lookupKey() {
        return lookupKey;
    }

    @Override
    public String toString() {
        return text;
    }

    private static String validated(String name) {
        if (name == null || name.isEmpty()) {
            throw new IllegalArgumentException("a header name must not be empty");
        }
        for (int i = 0; i < name.length(); i++) {
            char c = name.charAt(i);
            boolean token = c > 0x20 && c < 0x7F && "\"(),/:;<=>?@[\\]{}".indexOf(c) < 0;
            if (!token) {
                throw new IllegalArgumentException("\"" + name + "\" is not a header name (character " + i + ")");
            }
        }
        return name.toLowerCase(Locale.ROOT);
    }
}
