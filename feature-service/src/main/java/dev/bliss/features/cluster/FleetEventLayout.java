package dev.bliss.features.cluster;

import static java.nio.ByteOrder.LITTLE_ENDIAN;

import dev.bliss.features.events.RequestEventRecord;
import dev.bliss.store.events.RequestEventLayout;
import org.agrona.DirectBuffer;
import org.agrona.MutableDirectBuffer;

/**
 * The value of an events-topic record: a batch of events of one partition, little-endian. An
 * event is what the windows of one dimension key need from one request; a node puts each key's
 * event into the batch of the partition that key hashes to ({@link EventBatcher}), so one key's
 * events from every node still meet in one partition. The record has no key.
 *
 * <pre>
 *  batch
 *   0  u8   layout version (3)           1  u8   zero
 *   2  u16  events in the batch, n ≥ 1   4  u32  schema tag (RequestEventLayout.schemaTag of the node's schema hash)
 *   8  n events of 64 bytes
 *
 *  event (at 8 + 64 i)
 *   0  u8   dimension: index in the schema   1  u8   flags (RequestEventLayout.FLAG_*)
 *   2  u8   HTTP version (10 11 20)          3  u8   bit 0: the client address is known
 *   4  u16  status                           6  u8   browser challenge outcome (RequestEventLayout.CHALLENGE_*)
 *                                            7  u8   zero
 *   8  i64  timestamp, epoch ms             16  u64  the dimension key
 *  24  u64  user-agent hash                 32  u64  path hash
 *  40  u64  client address key (0 when unknown)
 *  48  u64  path template hash            56  i64  page number (RequestEventLayout.NO_PAGE_NUMBER: none)
 *  64  end
 * </pre>
 *
 * Version 2 was the same batch with 48-byte events, before the path's template and number; the
 * aggregator refuses it by its version byte (a fleet upgrades its nodes' feature services and
 * the aggregator together, or loses the events in between), rather than read it with version
 * 3's lengths.
 *
 * Version 1 (bliss before batches) was one 48-byte record per dimension key, keyed by
 * {@link FleetKeyLayout}; its first byte is 1, so the aggregator tells such a record from a batch
 * and refuses it with a log line naming the layout, rather than misreading it. A batch whose
 * length is not its count's, or of another schema, is refused whole and counted.
 */
public final class FleetEventLayout {

    public static final int VERSION = 3;
    /** The layout of a node that sent one record per dimension key: refused. */
    public static final int VERSION_PER_KEY = 1;

    public static final int VERSION_OFFSET = 0;
    public static final int COUNT_OFFSET = 2;
    public static final int SCHEMA_TAG_OFFSET = 4;
    public static final int HEADER_LENGTH = 8;

    public static final int DIMENSION_OFFSET = 0;
    public static final int FLAGS_OFFSET = 1;
    public static final int HTTP_VERSION_OFFSET = 2;
    public static final int CLIENT_IP_KNOWN_OFFSET = 3;
    public static final int STATUS_OFFSET = 4;
    public static final int CHALLENGE_OFFSET = 6;
    public static final int TIMESTAMP_OFFSET = 8;
    public static final int KEY_OFFSET = 16;
    public static final int USER_AGENT_OFFSET = 24;
    public static final int PATH_OFFSET = 32;
    public static final int CLIENT_IP_OFFSET = 40;
    public static final int TEMPLATE_OFFSET = 48;
    public static final int PAGE_NUMBER_OFFSET = 56;
    public static final int EVENT_LENGTH = 64;

    /** The most events one batch can say it holds (the count is a u16). */
    public static final int MAX_EVENTS = 0xFFFF;

    private FleetEventLayout() {
    }

    /** Bytes of a batch of {@code events}. */
    public static int length(int events) {
        return HEADER_LENGTH + events * EVENT_LENGTH;
    }

    /** Offset of event {@code i} in a batch. */
    public static int eventOffset(int i) {
        return HEADER_LENGTH + i * EVENT_LENGTH;
    }

    /** Writes a batch header at {@code at}. */
    public static void putHeader(MutableDirectBuffer b, int at, int events, long schemaHash) {
        b.putByte(at + VERSION_OFFSET, (byte) VERSION);
        b.putByte(at + 1, (byte) 0);
        b.putShort(at + COUNT_OFFSET, (short) events, LITTLE_ENDIAN);
        b.putInt(at + SCHEMA_TAG_OFFSET, RequestEventLayout.schemaTag(schemaHash), LITTLE_ENDIAN);
    }

    /**
     * Writes the event of one dimension key of a request read from the events ring.
     *
     * @param clientIpDimension the schema's client-address dimension, or -1
     */
    public static void putEvent(MutableDirectBuffer b, int at, RequestEventRecord event, int dimension,
                                int clientIpDimension) {
        boolean ipKnown = clientIpDimension >= 0 && event.hasKey(clientIpDimension);
        putEvent(b, at, dimension, event.flags(), event.httpVersion(), event.status(), event.challenge(),
                event.timestampMillis(), event.key(dimension), event.userAgentHash(), event.pathHash(),
                event.templateHash(), event.pageNumber(), ipKnown ? event.key(clientIpDimension) : 0, ipKnown);
    }

    /** Writes one event at {@code at}. */
    public static void putEvent(MutableDirectBuffer b, int at, int dimension, int flags, int httpVersion, int status,
                                int challenge, long timestampMillis, long key, long userAgentHash, long pathHash,
                                long templateHash, long pageNumber, long clientIp, boolean clientIpKnown) {
        b.putByte(at + DIMENSION_OFFSET, (byte) dimension);
        b.putByte(at + FLAGS_OFFSET, (byte) flags);
        b.putByte(at + HTTP_VERSION_OFFSET, (byte) httpVersion);
        b.putByte(at + CLIENT_IP_KNOWN_OFFSET, (byte) (clientIpKnown ? 1 : 0));
        b.putShort(at + STATUS_OFFSET, (short) status, LITTLE_ENDIAN);
        b.putByte(at + CHALLENGE_OFFSET, (byte) challenge);
        b.putByte(at + 7, (byte) 0);
        b.putLong(at + TIMESTAMP_OFFSET, timestampMillis, LITTLE_ENDIAN);
        b.putLong(at + KEY_OFFSET, key, LITTLE_ENDIAN);
        b.putLong(at + USER_AGENT_OFFSET, userAgentHash, LITTLE_ENDIAN);
        b.putLong(at + PATH_OFFSET, pathHash, LITTLE_ENDIAN);
        b.putLong(at + CLIENT_IP_OFFSET, clientIp, LITTLE_ENDIAN);
        b.putLong(at + TEMPLATE_OFFSET, templateHash, LITTLE_ENDIAN);
        b.putLong(at + PAGE_NUMBER_OFFSET, pageNumber, LITTLE_ENDIAN);
    }

    /** The layout version a value says it has (its first byte), or -1 for an empty or absent value. */
    public static int version(byte[] value) {
        return value == null || value.length == 0 ? -1 : value[VERSION_OFFSET] & 0xFF;
    }

    /** The events a batch header says it holds. */
    public static int count(DirectBuffer b) {
        return b.getShort(COUNT_OFFSET, LITTLE_ENDIAN) & 0xFFFF;
    }

    /** The batch's schema tag. */
    public static int schemaTag(DirectBuffer b) {
        return b.getInt(SCHEMA_TAG_OFFSET, LITTLE_ENDIAN);
    }
}
