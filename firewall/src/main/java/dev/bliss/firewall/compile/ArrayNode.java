package dev.bliss.firewall.compile;

import dev.bliss.firewall.eval.ExecutionContext;

/** An array value; elements are read through the typed subclasses. */
public abstract class ArrayNode extends Node {

    /** The number of elements, or -1 when the array itself is missing. */
    public abstract int length(ExecutionContext c);
}
