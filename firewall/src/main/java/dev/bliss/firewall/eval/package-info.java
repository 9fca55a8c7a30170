/**
 * Running compiled filters: the per-event-loop {@link dev.bliss.firewall.eval.ExecutionContext}
 * (registers, lazily filled request text, scratch buffers) and the request fields read straight
 * from the {@link dev.bliss.plugin.RequestView}.
 *
 * <p>Internal to the firewall module: not API.
 */
package dev.bliss.firewall.eval;
