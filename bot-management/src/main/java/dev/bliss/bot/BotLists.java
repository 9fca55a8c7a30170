package dev.bliss.bot;

import dev.bliss.bot.heuristics.HeuristicsConfig;
import dev.bliss.bot.verified.VerifiedBots;
import dev.bliss.plugin.config.ConfigException;

/**
 * The heuristics and the verified bots in force, as one immutable pair: the user-agent automaton
 * also answers which verified bot a user agent claims to be, so the two are read, combined and
 * replaced together. {@link BotManagement} holds the current pair in a volatile field; a reload
 * reads both files into a new pair and publishes it with one store, and each {@link BotDetector}
 * adopts it at its next request.
 */
record BotLists(HeuristicsConfig heuristics, VerifiedBots verified) {

    /** Reads heuristics.yaml and verified-bots.yaml. Blocks; off the event loops. */
    static BotLists read(BotManagementSettings settings) throws ConfigException {
        HeuristicsConfig rules = HeuristicsConfig.read(settings.heuristics());
        VerifiedBots verified = VerifiedBots.read(settings.verifiedBots());
        // one walk over each user agent answers the rules and which verified bot it names
        return new BotLists(new HeuristicsConfig(rules.userAgents().withClaims(verified.userAgentPatterns()), rules.staticResources(),
                rules.tlsStacks(), rules.reusedJa3(), rules.sessionUserAgents()),
                verified);
    }
}
