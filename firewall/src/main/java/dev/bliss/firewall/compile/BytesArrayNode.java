package dev.bliss.firewall.compile;

import dev.bliss.firewall.eval.ExecutionContext;

/** An {@code Array<Bytes>}. */
public abstract class BytesArrayNode extends ArrayNode {

    /** Loads element {@code i < length(c)} like {@link BytesNode#load}. */
    public abstract int load(ExecutionContext c, int i);
}
