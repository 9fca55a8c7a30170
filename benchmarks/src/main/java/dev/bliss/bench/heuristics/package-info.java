/**
 * JMH benchmarks of the request-time heuristics of bot management ({@code dev.bliss.bot.heuristics}
 * and {@code dev.bliss.bot.verified}): user-agent classification, the verified-bot check and the
 * static-resource check. See bot-management/README.md ("Heuristics and verified bots") for the
 * command and the latest figures.
 */
package dev.bliss.bench.heuristics;
