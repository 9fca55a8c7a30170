package dev.bliss.firewall.compile;

import dev.bliss.firewall.eval.ExecutionContext;

/** A Float value: {@link #load} puts it in {@code c.floatValue}, or returns false when missing. */
public abstract class FloatNode extends Node {

    public abstract boolean load(ExecutionContext c);
}
