package dev.bliss.store.events;

import java.nio.file.Path;

/**
 * Layout of one request event in the events rings, the files {@code <store dir>/events/0} ..
 * {@code events/N-1} through which every proxy event loop hands finished requests to the feature
 * service (one consumer). Each ring file has one producer at a time (an event loop that owns it,
 * {@link RingOwnership}) and is Agrona's one-to-one ring buffer over the whole file:
 * {@code capacity} bytes of records (a power of two) followed by Agrona's trailer of counters.
 * Each record is Agrona's 8-byte header (length, type) and then the body below, of type
 * {@link #MESSAGE_TYPE}.
 *
 * <pre>
 * body offset  size
 *           0     1  version (VERSION); a reader skips and counts any other value
 *           1     1  flags: bit 0 has cookie, 1 static resource, 2 heuristics matched,
 *                            3 browser-like user agent, 4 TLS, 5 a consistency check disagreed
 *                            (the user agent's claim against TLS, client hints, fetch metadata, header order)
 *           2     1  method: 0 GET, 1 HEAD, 2 POST, 3 other
 *           3     1  HTTP version: 10, 11 or 20
 *           4     2  response status (unsigned)
 *           6     1  key count K: the dimensions of the producer's schema (at most MAX_KEYS)
 *           7     1  browser challenge outcome: 0 none, 1 issued, 2 cleared, 3 solved, 4 failed, 5 replayed
 *                    (CHALLENGE_*; a producer older than this byte wrote 0, which reads as none)
 *           8     4  schema tag: the low 32 bits of the producer's FeatureSchema.hash()
 *          12     4  key presence: bit d set when dimension d has a key
 *          16     8  timestamp: epoch milliseconds when the request arrived
 *          24     8  user-agent hash (DimensionKeys.text; 0 when absent)
 *          32     8  path hash (DimensionKeys.chars over the path)
 *          40     8  path template hash (PathTemplate.templateHash: the path, its last number taken out)
 *          48     8  page number (PathTemplate.number: the path's last number; NO_PAGE_NUMBER (-1) without one)
 *          56     8  publish order: the producer's System.nanoTime() just before it committed the record
 *                    (CLOCK_MONOTONIC, one clock for every process of the host); the consumer reads
 *                    the rings merged by it
 *          64   8*K  dimension keys, in schema order (0 where absent)
 *     64+8*K         end; the record's length is exactly bodyLength(K)
 * </pre>
 *
 * <p>Version 2 (before the publish order) had the keys at 56, version 1 (before the template
 * and the number) at 40; their records are skipped and counted as of an unknown version, never
 * read with version 3's offsets.
 *
 * <p>Multi-byte fields are little-endian and naturally aligned: Agrona aligns each record to 8
 * bytes and its header is 8 bytes long. Bytes 0–7 and 8–15 are each one little-endian long
 * ({@link #head} and {@link #tagAndPresence}), so a producer writes the fixed part in eight
 * stores: the request path's cost is stores into the ring's memory, so there are few of them.
 *
 * <p>This class is the one place the format is written down: the producer in bot-management
 * and the consumer in feature-service both take every offset from here. A change to the body
 * bumps {@link #VERSION}; a consumer skips records of a version it does not know (and counts
 * them) rather than misread them, so a proxy and a feature service of different releases
 * degrade to "no features", never to wrong ones.
 */
public final class RequestEventLayout {

    /** The rings' directory's name in the store directory; ring i is the file named i in it. */
    public static final String FILE_NAME = "events";

    /** Agrona message type id of a request event (Agrona reserves type ids below 1). */
    public static final int MESSAGE_TYPE = 1;
    /** The body format this code reads and writes. */
    public static final int VERSION = 3;

    public static final int VERSION_OFFSET = 0;
    public static final int FLAGS_OFFSET = 1;
    public static final int METHOD_OFFSET = 2;
    public static final int HTTP_VERSION_OFFSET = 3;
    public static final int STATUS_OFFSET = 4;
    public static final int KEY_COUNT_OFFSET = 6;
    public static final int CHALLENGE_OFFSET = 7;
    public static final int SCHEMA_TAG_OFFSET = 8;
    public static final int KEY_PRESENCE_OFFSET = 12;
    public static final int TIMESTAMP_OFFSET = 16;
    public static final int USER_AGENT_HASH_OFFSET = 24;
    public static final int PATH_HASH_OFFSET = 32;
    public static final int TEMPLATE_HASH_OFFSET = 40;
    public static final int PAGE_NUMBER_OFFSET = 48;
    /**
     * The publish order: monotonic nanoseconds, comparable across the rings and the processes
     * of one host, not a time of day ({@link #TIMESTAMP_OFFSET} is the event's time).
     */
    public static final int PUBLISH_ORDER_OFFSET = 56;
    /** Where the first dimension key starts; key d is at {@link #keyOffset(int) keyOffset(d)}. */
    public static final int KEYS_OFFSET = 64;

    /** The page number of a path without a number (PathTemplate.NO_NUMBER). */
    public static final long NO_PAGE_NUMBER = -1;

    /** At most this many dimensions fit the presence bits. */
    public static final int MAX_KEYS = Integer.SIZE;

    public static final int FLAG_COOKIE = 1;
    public static final int FLAG_STATIC = 1 << 1;
    public static final int FLAG_HEURISTIC = 1 << 2;
    public static final int FLAG_BROWSER_LIKE = 1 << 3;
    public static final int FLAG_TLS = 1 << 4;
    public static final int FLAG_INCONSISTENT = 1 << 5;

    /** Byte 7: what the browser challenge did with the request (the proxy's {@code ChallengeOutcome}, in its order). */
    public static final int CHALLENGE_NONE = 0;
    public static final int CHALLENGE_ISSUED = 1;
    public static final int CHALLENGE_CLEARED = 2;
    public static final int CHALLENGE_SOLVED = 3;
    public static final int CHALLENGE_FAILED = 4;
    public static final int CHALLENGE_REPLAYED = 5;

    public static final int METHOD_GET = 0;
    public static final int METHOD_HEAD = 1;
    public static final int METHOD_POST = 2;
    public static final int METHOD_OTHER = 3;

    /**
     * Default capacity of one ring: 2 MiB of records, about 17,400 events of a six-dimension
     * schema (120 bytes each), some 0.6 s of one event loop at 30,000 requests a second.
     */
    public static final int DEFAULT_CAPACITY = 2 << 20;
    /**
     * Default number of rings: 8, so at most 8 event loops (of all proxies on the host) hand
     * events to the service at once; {@code 8 x 2 MiB} = 16 MiB, what the single shared ring of
     * the earlier design took.
     */
    public static final int DEFAULT_RING_COUNT = 8;
    /** The most rings a service creates (and a producer looks for). */
    public static final int MAX_RING_COUNT = 256;
    /** Smallest ring capacity accepted. */
    public static final int MIN_CAPACITY = 4096;

    private RequestEventLayout() {
    }

    /** Bytes 0–7 of a body without a challenge outcome ({@link #CHALLENGE_NONE}). */
    public static long head(int flags, int method, int httpVersion, int status, int keyCount) {
        return head(flags, method, httpVersion, status, keyCount, CHALLENGE_NONE);
    }

    /**
     * Bytes 0–7 of a body as one little-endian long: version, flags, method, HTTP version,
     * status, key count, and the challenge outcome.
     */
    public static long head(int flags, int method, int httpVersion, int status, int keyCount, int challenge) {
        return VERSION | (flags & 0xFFL) << 8 | (method & 0xFFL) << 16 | (httpVersion & 0xFFL) << 24
                | (status & 0xFFFFL) << 32 | (keyCount & 0xFFL) << 48 | (challenge & 0xFFL) << 56;
    }

    /** Bytes 8–15 of a body as one little-endian long: the schema tag, then the key presence bits. */
    public static long tagAndPresence(int schemaTag, int presence) {
        return schemaTag & 0xFFFF_FFFFL | (long) presence << 32;
    }

    /** Offset of dimension {@code dimension}'s key in the body. */
    public static int keyOffset(int dimension) {
        return KEYS_OFFSET + dimension * Long.BYTES;
    }

    /** Length of the body of an event with {@code keyCount} dimension keys. */
    public static int bodyLength(int keyCount) {
        return KEYS_OFFSET + keyCount * Long.BYTES;
    }

    /** The schema tag of a schema hash: what a producer writes and a consumer compares. */
    public static int schemaTag(long schemaHash) {
        return (int) schemaHash;
    }

    /** The rings' directory of the store whose path prefix is {@code storePrefix}: a sibling named {@link #FILE_NAME}. */
    public static Path ringFile(Path storePrefix) {
        return storePrefix.toAbsolutePath().resolveSibling(FILE_NAME);
    }

    /** Ring {@code index}'s file in the rings' directory {@code directory}. */
    public static Path ringFile(Path directory, int index) {
        return directory.resolve(Integer.toString(index));
    }

    /**
     * Checks a ring count.
     *
     * @throws IllegalArgumentException unless between 1 and {@link #MAX_RING_COUNT}
     */
    public static int checkRingCount(long count) {
        if (count < 1 || count > MAX_RING_COUNT) {
            throw new IllegalArgumentException("events ring count must be between 1 and " + MAX_RING_COUNT + ", got " + count);
        }
        return (int) count;
    }

    /**
     * Checks a ring capacity (bytes of records, the file minus the trailer).
     *
     * @throws IllegalArgumentException unless it is a power of two of at least {@link #MIN_CAPACITY}
     */
    public static int checkCapacity(long capacity) {
        if (capacity < MIN_CAPACITY || capacity > 1 << 30 || Long.bitCount(capacity) != 1) {
            throw new IllegalArgumentException("events ring capacity must be a power of two between "
                    + MIN_CAPACITY + " and 1 GiB, got " + capacity);
        }
        return (int) capacity;
    }

    /**
     * Checks the key count a producer's schema needs.
     *
     * @throws IllegalArgumentException beyond {@link #MAX_KEYS}
     */
    public static int checkKeyCount(int keyCount) {
        if (keyCount < 0 || keyCount > MAX_KEYS) {
            throw new IllegalArgumentException("an event holds at most " + MAX_KEYS + " dimension keys, the schema has "
                    + keyCount);
        }
        return keyCount;
    }
}
