package dev.bliss.bot.verified;

import java.util.List;

/**
 * One bot of {@code verified-bots.yaml}: who it is, what it does, how its user agent names it
 * and from which addresses it is known to crawl.
 *
 * @param name         as configured, e.g. {@code Googlebot}
 * @param category     the value of {@code bot.verified_category}
 * @param userAgents   patterns (syntax of {@link dev.bliss.bot.heuristics.PatternAutomaton})
 *                     by which a user agent claims to be this bot
 * @param ranges       the published addresses, merged
 * @param source       where the operator of the bot publishes the ranges; may be empty
 * @param rangesAsOf   the date of the snapshot, as written; may be empty
 */
public record VerifiedBot(String name, VerifiedBotCategory category, List<String> userAgents, IpRanges ranges,
                          String source, String rangesAsOf) {

    public VerifiedBot {
        userAgents = List.copyOf(userAgents);
    }
}
