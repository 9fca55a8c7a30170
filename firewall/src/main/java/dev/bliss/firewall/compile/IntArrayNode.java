package dev.bliss.firewall.compile;

import dev.bliss.firewall.eval.ExecutionContext;

/** An {@code Array<Int>}. */
public abstract class IntArrayNode extends ArrayNode {

    /** Loads element {@code i < length(c)} into {@code c.intValue}; false when it is missing. */
    public abstract boolean load(ExecutionContext c, int i);
}
