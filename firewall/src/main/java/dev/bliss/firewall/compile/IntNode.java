package dev.bliss.firewall.compile;

import dev.bliss.firewall.eval.ExecutionContext;

/** An Int value: {@link #load} puts it in {@code c.intValue}, or returns false when it is missing. */
public abstract class IntNode extends Node {

    public abstract boolean load(ExecutionContext c);
}
