package dev.bliss.firewall.compile;

import dev.bliss.firewall.eval.ContextLayout;
import java.util.ArrayList;
import java.util.Collections;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Set;

/**
 * What a rule set being compiled needs from its execution contexts (scratch buffers, map-each
 * cursors, header lookups, regex scratch) and which fields its rules read. One scope is shared by
 * every rule of a set, so one context per event loop serves them all. Compile time only.
 */
public final class CompileScope {

    private final Patterns patterns = new Patterns();
    private int scratchSlots;
    private int eachSlots;
    private final List<String> headerKeys = new ArrayList<>();
    private final List<Integer> regexScratch = new ArrayList<>();
    private final Set<String> usedFields = new LinkedHashSet<>();

    public Patterns patterns() {
        return patterns;
    }

    /** A new scratch buffer slot, for a node that builds a value. */
    public int newScratch() {
        return scratchSlots++;
    }

    /** A new cursor slot, for one {@code [*]}. */
    public int newEach() {
        return eachSlots++;
    }

    /** The lookup slot of {@code headers[key]} ({@code key} lower case); shared by equal keys. */
    public int headerKey(String key) {
        int i = headerKeys.indexOf(key);
        if (i >= 0) {
            return i;
        }
        headerKeys.add(key);
        return headerKeys.size() - 1;
    }

    public int regexScratch(int length) {
        regexScratch.add(length);
        return regexScratch.size() - 1;
    }

    /** Records that a rule reads field {@code name} (canonical name, aliases resolved). */
    public void use(String name) {
        usedFields.add(name);
    }

    public Set<String> usedFields() {
        return Collections.unmodifiableSet(usedFields);
    }

    public ContextLayout layout() {
        return new ContextLayout(scratchSlots, eachSlots, headerKeys,
                regexScratch.stream().mapToInt(Integer::intValue).toArray());
    }
}
