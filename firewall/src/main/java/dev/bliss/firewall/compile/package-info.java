/**
 * Compilation of checked filters into trees of small specialised nodes: one class per value kind,
 * operator and (where it pays) literal shape, plus the data structures they search (integer and
 * IP range sets, byte-string hash sets, wildcard patterns). Nodes are immutable and shared by all
 * event loops; evaluation state lives in the {@link dev.bliss.firewall.eval.ExecutionContext}.
 *
 * <p>Internal to the firewall module: not API.
 */
package dev.bliss.firewall.compile;
