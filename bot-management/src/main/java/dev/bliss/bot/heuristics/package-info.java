/**
 * Heuristics: rules that recognise automation from the request alone, with no model and no
 * history, each reporting a stable detection id (Cloudflare's "heuristics" engine, which sets
 * score 1).
 *
 * <ul>
 *   <li>{@link dev.bliss.bot.heuristics.UserAgentHeuristics}: user agents of HTTP libraries,
 *       tools, headless browsers, crawlers and monitors, and a few header anomalies, from
 *       {@code heuristics.yaml}; fills a per-event-loop
 *       {@link dev.bliss.bot.heuristics.HeuristicsVerdict}.
 *   <li>{@link dev.bliss.bot.heuristics.StaticResources}: static-resource paths by extension.
 *   <li>{@link dev.bliss.bot.heuristics.PatternAutomaton}: the case-insensitive multi-pattern
 *       matcher both of them and the verified-bot check use.
 *   <li>{@link dev.bliss.bot.heuristics.HeuristicsConfig}: the file as a whole.
 * </ul>
 *
 * <p>Loading happens off the event loop and reports every error with file, line, column and key.
 * The per-request methods allocate nothing and are safe to call from any number of event loops
 * at once, each with its own verdict.
 */
package dev.bliss.bot.heuristics;
