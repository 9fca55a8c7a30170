package dev.bliss.firewall.check;

import dev.bliss.firewall.eval.RequestField;
import dev.bliss.firewall.types.Type;
import dev.bliss.plugin.field.Field;
import dev.bliss.plugin.field.FieldScheme;
import java.util.ArrayList;
import java.util.Collections;
import java.util.Comparator;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * Every name a filter may use: the request fields the firewall reads itself, the fields of the
 * pipeline's {@link FieldScheme}, and Cloudflare's {@code cf.bot_management.*} names as aliases of
 * the bot-management plugin's {@code bot.*} fields (present only when those fields are).
 *
 * <p>A request field wins over a scheme field of the same name: the firewall reads it from the
 * request, never from a detector. Immutable once built.
 */
public final class FieldCatalog {

    /** Cloudflare's field names and the bliss fields they stand for. */
    public static final Map<String, String> CLOUDFLARE_ALIASES = aliases();

    /** A resolved name: the canonical field name, its type and where its value comes from. */
    public record Entry(String name, Type type, RequestField requestField, Field schemeField) {
    }

    private final FieldScheme scheme;
    private final Map<String, Entry> entries = new LinkedHashMap<>();

    private FieldCatalog(FieldScheme scheme) {
        this.scheme = scheme;
    }

    public static FieldCatalog of(FieldScheme scheme) {
        FieldCatalog c = new FieldCatalog(scheme);
        for (RequestField r : RequestField.values()) {
            c.entries.put(r.fieldName(), new Entry(r.fieldName(), r.type(), r, null));
        }
        for (Field f : scheme.fields()) {
            c.entries.putIfAbsent(f.name(), new Entry(f.name(), Type.of(f.type()), null, f));
        }
        CLOUDFLARE_ALIASES.forEach((alias, target) -> {
            Entry e = c.entries.get(target);
            if (e != null && e.schemeField() != null) {
                c.entries.putIfAbsent(alias, e);
            }
        });
        return c;
    }

    public FieldScheme scheme() {
        return scheme;
    }

    /** The entry for a name as written (alias or not), or null. */
    public Entry lookup(String name) {
        return entries.get(name);
    }

    /** Every usable name, aliases included. */
    public List<String> names() {
        return Collections.unmodifiableList(new ArrayList<>(entries.keySet()));
    }

    /**
     * Up to {@code max} known names closest to {@code unknown} by edit distance (names sharing a
     * dotted prefix first on ties), for "did you mean" hints.
     */
    public List<String> closest(String unknown, int max, List<String> extra) {
        record Scored(String name, int distance) {
        }
        List<String> candidates = new ArrayList<>(entries.keySet());
        candidates.addAll(extra);
        int limit = Math.max(2, unknown.length() / 3);
        List<Scored> scored = new ArrayList<>();
        for (String name : candidates) {
            int d = distance(unknown, name);
            if (d <= limit || name.startsWith(unknown) && unknown.contains(".")) {
                scored.add(new Scored(name, d));
            }
        }
        scored.sort(Comparator.comparingInt(Scored::distance).thenComparing(Scored::name));
        List<String> out = new ArrayList<>();
        for (Scored s : scored) {
            if (out.size() == max) {
                break;
            }
            if (!out.contains(s.name())) {
                out.add(s.name());
            }
        }
        return out;
    }

    /** {@code "; did you mean a, b or c?"} for suggestions, or an empty string for none. */
    public static String didYouMean(List<String> suggestions) {
        if (suggestions.isEmpty()) {
            return "";
        }
        StringBuilder b = new StringBuilder("; did you mean ");
        for (int i = 0; i < suggestions.size(); i++) {
            if (i > 0) {
                b.append(i == suggestions.size() - 1 ? " or " : ", ");
            }
            b.append(suggestions.get(i));
        }
        return b.append('?').toString();
    }

    /** Levenshtein distance. */
    static int distance(String a, String b) {
        int[] prev = new int[b.length() + 1];
        int[] cur = new int[b.length() + 1];
        for (int j = 0; j <= b.length(); j++) {
            prev[j] = j;
        }
        for (int i = 1; i <= a.length(); i++) {
            cur[0] = i;
            for (int j = 1; j <= b.length(); j++) {
                int cost = a.charAt(i - 1) == b.charAt(j - 1) ? 0 : 1;
                cur[j] = Math.min(Math.min(cur[j - 1] + 1, prev[j] + 1), prev[j - 1] + cost);
            }
            int[] t = prev;
            prev = cur;
            cur = t;
        }
        return prev[b.length()];
    }

    private static Map<String, String> aliases() {
        Map<String, String> m = new LinkedHashMap<>();
        m.put("cf.bot_management.score", "bot.score");
        m.put("cf.bot_management.verified_bot", "bot.verified");
        m.put("cf.bot_management.ja3_hash", "bot.ja3_hash");
        m.put("cf.bot_management.ja4", "bot.ja4");
        m.put("cf.bot_management.static_resource", "bot.static_resource");
        m.put("cf.bot_management.detection_ids", "bot.detection_ids");
        m.put("cf.bot_management.js_detection.passed", "bot.js_detection.passed");
        m.put("cf.verified_bot_category", "bot.verified_category");
        m.put("cf.client.bot", "bot.verified");
        return Collections.unmodifiableMap(m);
    }
}
