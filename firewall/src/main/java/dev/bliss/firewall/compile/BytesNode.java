package dev.bliss.firewall.compile;

import dev.bliss.firewall.eval.ExecutionContext;

/**
 * A Bytes value: {@link #load} returns its length and leaves the array holding it in
 * {@code c.bytes} (bytes {@code [0, length)}), or returns -1 when the value is missing. The array
 * belongs to the context or the field table: read it before evaluating anything else, never keep
 * it, never write it.
 */
public abstract class BytesNode extends Node {

    public static final int MISSING = -1;

    public abstract int load(ExecutionContext c);
}
