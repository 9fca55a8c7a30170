/**
 * What rules do: the {@link dev.bliss.firewall.action.Action}s, the per-request
 * {@link dev.bliss.firewall.Decision}, local responses and the
 * {@link dev.bliss.firewall.action.Challenge} seam. Public API.
 */
package dev.bliss.firewall.action;
