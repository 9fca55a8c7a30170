package dev.bliss.bot.consistency;

import dev.bliss.plugin.config.ConfigException;
import dev.bliss.plugin.config.ConfigSection;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;

/**
 * The TLS stacks whose JA4 is known, by the family of client that has them ({@code tls_stacks}
 * in heuristics.yaml): a browser's stack, or a tool's (an HTTP library, a command-line client).
 * An entry names JA4's first two parts, {@code t13d1516h2_8daaf6152771} (protocol, version, SNI,
 * cipher and extension counts, ALPN, then the hash of the sorted cipher suites); the third part,
 * the extensions' hash, moves with every browser release and is left out.
 *
 * <pre>
 *   tls_stacks:
 *     - {ja4: t13d1516h2_8daaf6152771, family: chromium}
 *     - {ja4: t13d1810h2_e8a523a41297, family: tool}      # Go's crypto/tls
 * </pre>
 *
 * <p>Immutable, shared by every event loop; {@link #familyOf} allocates nothing.
 */
public final class TlsStacks {

    /** A known stack's owner. */
    public enum Owner { CHROMIUM, FIREFOX, SAFARI, TOOL }

    /** JA4's first two parts: 10 characters, an underscore, 12 hex digits. */
    static final int PREFIX_LENGTH = 23;

    private final String[] prefixes;
    private final Owner[] owners;

    private TlsStacks(String[] prefixes, Owner[] owners) {
        this.prefixes = prefixes;
        this.owners = owners;
    }

    public static final TlsStacks NONE = new TlsStacks(new String[0], new Owner[0]);

    /**
     * Reads the {@code tls_stacks} list of a heuristics file (absent: none known).
     *
     * @throws ConfigException at the item that is wrong: not a JA4 prefix, an unknown family, listed twice
     */
    public static TlsStacks load(ConfigSection root) throws ConfigException {
        if (!root.has("tls_stacks")) {
            return NONE;
        }
        List<ConfigSection> items = root.sections("tls_stacks");
        List<String> prefixes = new ArrayList<>();
        Owner[] owners = new Owner[items.size()];
        for (int i = 0; i < items.size(); i++) {
            ConfigSection item = items.get(i);
            String ja4 = item.requireString("ja4");
            if (!isPrefix(ja4)) {
                throw item.error("ja4", "expected JA4's first two parts, like t13d1516h2_8daaf6152771; got \"" + ja4 + '"');
            }
            if (prefixes.contains(ja4)) {
                throw item.error("ja4", ja4 + " is listed twice");
            }
            String family = item.oneOf("family", null, "chromium", "firefox", "safari", "tool");
            if (family == null) {
                throw item.error("family", "expected chromium, firefox, safari or tool");
            }
            item.requireNoUnknownKeys();
            prefixes.add(ja4);
            owners[i] = Owner.valueOf(family.toUpperCase(Locale.ROOT));
        }
        return new TlsStacks(prefixes.toArray(String[]::new), owners);
    }

    private static boolean isPrefix(String s) {
        if (s.length() != PREFIX_LENGTH || s.charAt(10) != '_') {
            return false;
        }
        for (int i = 0; i < s.length(); i++) {
            char c = s.charAt(i);
            if (i != 10 && !(c >= '0' && c <= '9' || c >= 'a' && c <= 'z')) {
                return false;
            }
        }
        return true;
    }

    /** Entries. */
    public int size() {
        return prefixes.length;
    }

    /** The owner of the stack whose JA4 is {@code ja4}, or null when it is not known. */
    public Owner familyOf(CharSequence ja4) {
        if (ja4 == null || ja4.length() < PREFIX_LENGTH) {
            return null;
        }
        outer:
        for (int e = 0; e < prefixes.length; e++) {
            String p = prefixes[e];
            for (int i = PREFIX_LENGTH - 1; i >= 0; i--) { // the hash differs first
                if (ja4.charAt(i) != p.charAt(i)) {
                    continue outer;
                }
            }
            return owners[e];
        }
        return null;
    }
}
