package dev.bliss.bot.session;

import dev.bliss.plugin.IpAddress;
import dev.bliss.store.schema.DimensionKeys;
import java.lang.invoke.MethodHandles;
import java.lang.invoke.VarHandle;

/**
 * To which address, and when, each session was issued in the last hour, for every event loop of
 * the proxy: a direct-mapped table of one 64-bit word per slot, so a write is one store and a
 * read one load, and neither takes a lock nor tears.
 *
 * <pre>
 *  slot  = session hash, low bits
 *  word  = check (12 bits of the session hash) | address hash (18) | network hash (10) | time (24)
 *  time  = tenths of a second, modulo 2^24 (19 days): a form's fill time and an hour's memory alike
 * </pre>
 *
 * A session whose slot another session took since, or issued more than {@link #MEMORY_SECONDS}
 * ago, or in another proxy process, reads as unknown ({@link #NONE}): what a session from an
 * earlier visit reads too, so forgetting costs the signal, never a false one. The hashes are
 * short: a request from another network passes for one from the issuing network with odds of 1
 * in 1,024, for the issuing address with 1 in 262,144; another session that lands in a live
 * session's slot passes for it with 1 in 4,096.
 *
 * <p>Thread-safe (opaque accesses: one word is all a reader needs, and a reader that misses a
 * write made an instant earlier on another loop reads unknown); allocation-free.
 */
public final class IssuedSessions {

    /** How long an issuance is remembered: a visit, not the cookie's lifetime. */
    public static final int MEMORY_SECONDS = 3600;
    /** A million sessions issued within the hour before slots are reused: 8 MiB. */
    public static final int DEFAULT_SLOTS = 1 << 20;
    /** What {@link #find} returns for a session not issued here in the last hour. */
    public static final long NONE = 0;

    /** {@link #moved}'s answers, the session_moved feature's values. */
    public static final float UNKNOWN = -1f;
    public static final float SAME_ADDRESS = 0f;
    public static final float SAME_NETWORK = 0.5f;
    public static final float OTHER_NETWORK = 1f;

    private static final VarHandle WORDS = MethodHandles.arrayElementVarHandle(long[].class);
    private static final int TIME_BITS = 24;
    private static final int NETWORK_BITS = 10;
    private static final int ADDRESS_BITS = 18;
    private static final int NETWORK_SHIFT = TIME_BITS;
    private static final int ADDRESS_SHIFT = NETWORK_SHIFT + NETWORK_BITS;
    private static final int CHECK_SHIFT = ADDRESS_SHIFT + ADDRESS_BITS;
    private static final long MEMORY_TENTHS = MEMORY_SECONDS * 10L;

    private final long[] words;
    private final int mask;

    public IssuedSessions() {
        this(DEFAULT_SLOTS);
    }

    /** @param slots a power of two */
    public IssuedSessions(int slots) {
        if (Integer.bitCount(slots) != 1) {
            throw new IllegalArgumentException("slots must be a power of two: " + slots);
        }
        words = new long[slots];
        mask = slots - 1;
    }

    /** Remembers that {@code session} (a {@link SessionCookies} hash) was set to {@code client} at {@code millis}. */
    public void issued(long session, IpAddress client, long millis) {
        if (session == SessionCookies.NONE) {
            return;
        }
        long word = check(session) << CHECK_SHIFT
                | bits(address(client), ADDRESS_BITS) << ADDRESS_SHIFT
                | bits(network(client), NETWORK_BITS) << NETWORK_SHIFT
                | bits(tenths(millis), TIME_BITS);
        WORDS.setOpaque(words, slot(session), word == NONE ? 1 : word); // 0 is an empty slot
    }

    /**
     * The issuance of {@code session} as seen at {@code millis}, for {@link #moved} and
     * {@link #ageSeconds}; {@link #NONE} when there is none in the last {@link #MEMORY_SECONDS}
     * (or the session is {@link SessionCookies#NONE}).
     */
    public long find(long session, long millis) {
        if (session == SessionCookies.NONE) {
            return NONE;
        }
        long word = (long) WORDS.getOpaque(words, slot(session));
        if (word == NONE || word >>> CHECK_SHIFT != check(session)) {
            return NONE;
        }
        // older than the memory, or stamped after this request (the age wraps): forgotten alike
        return age(word, millis) > MEMORY_TENTHS ? NONE : word;
    }

    /**
     * Where the session of {@code issuance} (from {@link #find}) was issued, as seen from
     * {@code client}: {@link #SAME_ADDRESS}, {@link #SAME_NETWORK} (another address of its /24 or
     * /64: a gateway's next egress, an IPv6 privacy address), {@link #OTHER_NETWORK}, or
     * {@link #UNKNOWN}.
     */
    public static float moved(long issuance, IpAddress client) {
        if (issuance == NONE) {
            return UNKNOWN;
        }
        if (bits(issuance >>> ADDRESS_SHIFT, ADDRESS_BITS) == bits(address(client), ADDRESS_BITS)) {
            return SAME_ADDRESS;
        }
        return bits(issuance >>> NETWORK_SHIFT, NETWORK_BITS) == bits(network(client), NETWORK_BITS)
                ? SAME_NETWORK : OTHER_NETWORK;
    }

    /** Seconds (to a tenth) from {@code issuance} (from {@link #find}) to {@code millis}; -1 for {@link #NONE}. */
    public static float ageSeconds(long issuance, long millis) {
        return issuance == NONE ? -1f : age(issuance, millis) / 10f;
    }

    private static long age(long word, long millis) {
        return bits(tenths(millis) - word, TIME_BITS);
    }

    private int slot(long session) {
        return (int) session & mask;
    }

    /** The hash's top bits: independent of the slot's low bits. */
    private static long check(long session) {
        return session >>> CHECK_SHIFT;
    }

    private static long address(IpAddress client) {
        return DimensionKeys.clientIp(client.high(), client.low());
    }

    private static long network(IpAddress client) {
        return DimensionKeys.clientIpPrefix(client.high(), client.low());
    }

    private static long tenths(long millis) {
        return Math.floorDiv(millis, 100L);
    }

    private static long bits(long value, int count) {
        return value & (1L << count) - 1;
    }
}
