package dev.bliss.bot.heuristics;

import dev.bliss.plugin.config.ConfigException;
import dev.bliss.plugin.config.ConfigNode;
import dev.bliss.plugin.config.ConfigSection;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Locale;

/**
 * Whether a request path names a static resource, by its extension: {@code bot.static_resource},
 * which rules use to exempt stylesheets, scripts and images from bot challenges (Cloudflare's
 * {@code cf.bot_management.static_resource}).
 *
 * <p>The extension is what follows the last {@code .} of the last path segment, up to a
 * {@code ?}, {@code #} or {@code ;} (so a query string or a {@code ;jsessionid=} does not hide
 * it), compared without regard to ASCII case. Extensions are 1–8 ASCII letters or digits, each
 * packed into a {@code long} (one byte per character, so the packing is one-to-one); a lookup is
 * a binary search over the sorted packed values.
 *
 * <p><b>Threads and allocation.</b> Immutable, shared by every event loop; {@link #isStatic}
 * allocates nothing.
 */
public final class StaticResources {

    /** The longest extension that packs into a {@code long}. */
    public static final int MAX_EXTENSION_LENGTH = 8;

    private final long[] sorted;
    private final List<String> extensions;

    private StaticResources(long[] sorted, List<String> extensions) {
        this.sorted = sorted;
        this.extensions = List.copyOf(extensions);
    }

    /**
     * Reads {@code extensions} (a list, written without dots) from a section and checks the
     * section for unknown keys.
     *
     * @throws ConfigException at the offending item: not 1–8 letters or digits, or listed twice
     */
    public static StaticResources load(ConfigSection section) throws ConfigException {
        ConfigNode node = section.node("extensions");
        List<String> names = new ArrayList<>();
        List<Long> packed = new ArrayList<>();
        if (node instanceof ConfigNode.Sequence seq) {
            for (int i = 0; i < seq.items().size(); i++) {
                ConfigNode item = seq.items().get(i);
                String path = section.keyPath("extensions") + '[' + i + ']';
                if (!(item instanceof ConfigNode.Scalar s) || s.text() == null) {
                    throw new ConfigException(item.position(), path, "expected an extension, got " + item.kind());
                }
                String ext = s.text();
                long key = pack(ext, 0, ext.length());
                if (key == 0) {
                    throw new ConfigException(item.position(), path, "an extension is 1 to " + MAX_EXTENSION_LENGTH
                            + " ASCII letters or digits, without the dot; got \"" + ext + '"');
                }
                if (packed.contains(key)) {
                    throw new ConfigException(item.position(), path, "\"" + ext + "\" is listed twice");
                }
                packed.add(key);
                names.add(ext.toLowerCase(Locale.ROOT));
            }
        } else if (node != null && !(node instanceof ConfigNode.Scalar s && s.text() == null)) {
            throw section.error("extensions", "expected a list of extensions, got " + node.kind());
        }
        section.requireNoUnknownKeys();
        long[] sorted = new long[packed.size()];
        for (int i = 0; i < sorted.length; i++) {
            sorted[i] = packed.get(i);
        }
        Arrays.sort(sorted);
        return new StaticResources(sorted, names);
    }

    /** From a list, for tests and embedding; the same rules as the file. */
    public static StaticResources of(String... extensions) {
        long[] sorted = new long[extensions.length];
        for (int i = 0; i < extensions.length; i++) {
            sorted[i] = pack(extensions[i], 0, extensions[i].length());
            if (sorted[i] == 0) {
                throw new IllegalArgumentException("not an extension: \"" + extensions[i] + '"');
            }
        }
        Arrays.sort(sorted);
        return new StaticResources(sorted, List.of(extensions));
    }

    /**
     * Whether the path's extension is listed. Accepts a path or a whole request target; the
     * query and fragment are ignored. Allocation-free.
     */
    public boolean isStatic(CharSequence path) {
        int end = path.length();
        for (int i = 0; i < end; i++) {
            char c = path.charAt(i);
            if (c == '?' || c == '#' || c == ';') {
                end = i;
                break;
            }
        }
        for (int i = end - 1; i >= 0 && end - i <= MAX_EXTENSION_LENGTH + 1; i--) {
            char c = path.charAt(i);
            if (c == '.') {
                long key = pack(path, i + 1, end);
                return key != 0 && Arrays.binarySearch(sorted, key) >= 0;
            }
            if (c == '/') {
                return false;
            }
        }
        return false;
    }

    /** The configured extensions, lower case, in file order. */
    public List<String> extensions() {
        return extensions;
    }

    /** The extension packed one byte per lower-cased character, or 0 when it is not 1–8 [a-z0-9]. */
    private static long pack(CharSequence s, int from, int to) {
        if (to - from < 1 || to - from > MAX_EXTENSION_LENGTH) {
            return 0;
        }
        long key = 0;
        for (int i = from; i < to; i++) {
            char c = s.charAt(i);
            if (c >= 'A' && c <= 'Z') {
                c += 32;
            }
            if (!(c >= 'a' && c <= 'z' || c >= '0' && c <= '9')) {
                return 0;
            }
            key = key << 8 | c;
        }
        return key;
    }
}
