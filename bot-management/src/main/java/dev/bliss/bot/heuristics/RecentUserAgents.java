package dev.bliss.bot.heuristics;

import dev.bliss.bot.recent.RecentStrings;

/**
 * What the automaton found in the user agents one event loop saw last: a direct-mapped table from
 * a user agent's text to the pattern sets and claims the walk over it reported.
 *
 * <p>Why: a walk costs a table load per character, and on a proxy's event loop the transition
 * table is rarely still in the core's caches when the next request comes (the rest of the request
 * evicts it), so a 120-character user agent costs far more there than in a benchmark loop. Real
 * traffic repeats a few thousand user agents, so most requests can skip the walk: a hit costs
 * the text's hash ({@code String.hashCode}, vectorised) and one {@code String.equals}.
 *
 * <p>Exact: an entry is used only for an equal text ({@link RecentStrings}), so a hash collision
 * (or an attacker forging one) costs a walk, never a wrong verdict. Only {@code String}s are
 * remembered, since another {@code CharSequence} might change after it was seen. An entry holds
 * its text, so each event loop keeps at most {@link RecentStrings#SIZE} user agents alive here.
 *
 * <p>Event-loop only (one per {@link HeuristicsVerdict}); allocation-free.
 */
final class RecentUserAgents {

    private final RecentStrings texts;
    private final long[] sets;
    private final long[] claims;
    private int slot;

    RecentUserAgents() {
        this(RecentStrings.SIZE);
    }

    /** @param size a power of two */
    RecentUserAgents(int size) {
        texts = new RecentStrings(size);
        sets = new long[size];
        claims = new long[size];
    }

    /**
     * Whether {@code userAgent}'s walk is remembered; then {@link #sets()} and {@link #claims()}
     * give it. Either way the slot is kept for a {@link #remember} that follows.
     */
    boolean find(String userAgent) {
        int found = texts.find(userAgent);
        slot = found >= 0 ? found : -1 - found;
        return found >= 0;
    }

    long sets() {
        return sets[slot];
    }

    long claims() {
        return claims[slot];
    }

    /** Remembers the walk over the user agent of the last {@link #find}, in its slot. */
    void remember(String userAgent, long foundSets, long foundClaims) {
        texts.remember(slot, userAgent);
        sets[slot] = foundSets;
        claims[slot] = foundClaims;
    }
}
