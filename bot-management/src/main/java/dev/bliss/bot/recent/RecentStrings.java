package dev.bliss.bot.recent;

/**
 * The texts one event loop saw last, as a direct-mapped table of slots: the index of a memo of an
 * exact function of a request's text (its dimension key, the browser it claims, the automaton's
 * walk over it), whose owner keeps the function's results in arrays of its own by slot.
 *
 * <p>Why: real traffic repeats a few thousand user agents, and the functions of one cost a pass
 * or several over its 100-odd characters, each a serial chain of loads or multiplies; a hit
 * costs the text's {@code String.hashCode} (vectorised, and cached in the String for the next
 * owner that asks) and one {@code String.equals}.
 *
 * <p>Exact: a slot answers only for an equal text, so a collision (or an attacker forging one)
 * costs the function, never a wrong result. Each slot keeps its text's hash too, so a miss
 * (a stream of distinct texts) is told by an int comparison without touching the remembered
 * text's characters, which are likely out of cache: it costs a hash and two stores per request
 * over computing the function each time. Only {@code String}s are
 * remembered, since another {@code CharSequence} may change after it was seen. A slot holds its
 * text, so an owner keeps at most {@code size} texts alive.
 *
 * <p>Event-loop only (one per owner); allocation-free.
 */
public final class RecentStrings {

    /** Enough for the user agents that make most of a site's requests; 4 KB of references. */
    public static final int SIZE = 512;

    private final String[] texts;
    private final int[] hashes;
    private final int mask;

    public RecentStrings() {
        this(SIZE);
    }

    /** @param size a power of two */
    public RecentStrings(int size) {
        if (Integer.bitCount(size) != 1) {
            throw new IllegalArgumentException("size must be a power of two: " + size);
        }
        texts = new String[size];
        hashes = new int[size];
        mask = size - 1;
    }

    /** The number of slots, for the owner's arrays. */
    public int size() {
        return texts.length;
    }

    /**
     * The slot of {@code text}: {@code >= 0} when it holds {@code text}, so the owner's results
     * there are {@code text}'s; else {@code -1 - slot}, the slot to {@link #remember} it in.
     */
    public int find(String text) {
        int h = text.hashCode();
        int slot = (h ^ h >>> 16) & mask;
        if (hashes[slot] == h) {
            String seen = texts[slot];
            if (seen != null && seen.equals(text)) {
                return slot;
            }
        }
        return -1 - slot;
    }

    /** Makes {@code slot} (from {@link #find} of {@code text}) hold {@code text}, evicting whatever it held. */
    public void remember(int slot, String text) {
        texts[slot] = text;
        hashes[slot] = text.hashCode(); // computed by find, cached in the String
    }
}
