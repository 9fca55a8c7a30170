package dev.bliss.firewall.eval;

import java.util.List;

/**
 * The shape of the per-event-loop {@link ExecutionContext} a compiled rule set needs: how many
 * scratch buffers and map-each cursors, which {@code headers["key"]} lookups, and the scratch
 * lengths of regexes run by NFA simulation. Fixed at compile time.
 */
public record ContextLayout(int scratchSlots, int eachSlots, List<String> headerKeys, int[] regexScratchLengths) {

    public ContextLayout {
        headerKeys = List.copyOf(headerKeys);
        regexScratchLengths = regexScratchLengths.clone();
    }
}
