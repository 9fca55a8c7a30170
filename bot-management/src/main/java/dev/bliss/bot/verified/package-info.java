/**
 * Verified bots: well-behaved crawlers recognised by their user agent <em>and</em> their
 * published IP ranges ({@code bot.verified}, {@code bot.verified_category}), and impersonators
 * that claim such a bot from other addresses (a detection id of their own).
 *
 * <ul>
 *   <li>{@link dev.bliss.bot.verified.VerifiedBots}: the loaded {@code verified-bots.yaml} and the
 *       per-request {@code match}, filling a per-event-loop
 *       {@link dev.bliss.bot.verified.VerifiedBotVerdict}.
 *   <li>{@link dev.bliss.bot.verified.IpRanges}: sorted merged 128-bit ranges with binary search.
 * </ul>
 *
 * <p>Not done: forward-confirmed reverse DNS, and fetching the ranges from their publishers;
 * the shipped ranges are a dated snapshot for operators to refresh.
 */
package dev.bliss.bot.verified;
