package dev.bliss.firewall.compile;

import dev.bliss.firewall.eval.ExecutionContext;

/** A condition. Evaluating one never allocates once the context's buffers are warm. */
public abstract class BoolNode extends Node {

    public abstract boolean test(ExecutionContext c);
}
