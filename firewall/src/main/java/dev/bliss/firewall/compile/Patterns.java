package dev.bliss.firewall.compile;

import dev.bliss.firewall.regex.Regex;
import dev.bliss.firewall.regex.RegexSyntaxException;
import java.util.HashMap;
import java.util.Map;

/**
 * Regexes and wildcards compiled once per rule set: the parser compiles each pattern to report a
 * bad one at its position, the compiler takes the same object, and a pattern used by many rules
 * is built once. Startup and reload only, one thread.
 */
public final class Patterns {

    private final Map<String, Regex> regexes = new HashMap<>();
    private final Map<String, WildcardPattern> wildcards = new HashMap<>();

    public Regex regex(String pattern) throws RegexSyntaxException {
        Regex r = regexes.get(pattern);
        if (r == null) {
            r = Regex.compile(pattern);
            regexes.put(pattern, r);
        }
        return r;
    }

    /** @throws IllegalArgumentException for a bad pattern */
    public WildcardPattern wildcard(String pattern, boolean caseSensitive) {
        return wildcards.computeIfAbsent((caseSensitive ? "s:" : "i:") + pattern, k -> WildcardPattern.compile(pattern, caseSensitive));
    }
}
