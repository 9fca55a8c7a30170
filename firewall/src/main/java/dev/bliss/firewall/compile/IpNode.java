package dev.bliss.firewall.compile;

import dev.bliss.firewall.eval.ExecutionContext;

/** An Ip value (128-bit, IPv4-mapped): {@link #load} fills {@code c.ipHigh/ipLow}, false when missing. */
public abstract class IpNode extends Node {

    public abstract boolean load(ExecutionContext c);
}
