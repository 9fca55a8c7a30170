/**
 * Per-event-loop memory of the texts requests repeat ({@link dev.bliss.bot.recent.RecentStrings}),
 * so that what is computed from a user agent is computed once per distinct text, not once per
 * request: its dimension key ({@code keys.RequestKeys}), the browser it claims
 * ({@code consistency.ClaimedBrowser}) and the heuristics' walk ({@code heuristics.RecentUserAgents}).
 */
package dev.bliss.bot.recent;
