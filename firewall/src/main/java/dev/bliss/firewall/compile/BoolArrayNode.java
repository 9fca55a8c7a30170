package dev.bliss.firewall.compile;

import dev.bliss.firewall.eval.ExecutionContext;

/** An {@code Array<Bool>}, the argument of {@code any} and {@code all}. */
public abstract class BoolArrayNode extends ArrayNode {

    public abstract boolean test(ExecutionContext c, int i);
}
