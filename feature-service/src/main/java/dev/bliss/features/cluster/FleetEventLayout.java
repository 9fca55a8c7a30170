package dev.bliss.features.cluster;

import dev.bliss.features.events.RequestEventRecord;
import dev.bliss.store.events.RequestEventLayout;
import java.nio.ByteBuffer;
import java.nio.ByteOrder;

/**
 * The value of an events-topic record: what the windows of one dimension key need from one
 * request, little-endian. A node writes one such record per dimension key of each request (the
 * key is {@link FleetKeyLayout}); the keys of the other dimensions are left out, except the client
 * address, which distinct-address counts need.
 *
 * <pre>
 *   0  u8   version (1)               1  u8   flags (RequestEventLayout.FLAG_*)
 *   2  u8   HTTP version (10 11 20)   3  u8   bit 0: the client address is known
 *   4  u16  status                    6  u8   browser challenge outcome (RequestEventLayout.CHALLENGE_*)
 *                                      7  u8   zero
 *   8  u32  schema tag (RequestEventLayout.schemaTag of the node's schema hash)
 *  12  u32  zero
 *  16  i64  timestamp, epoch ms (also the Kafka record's timestamp)
 *  24  u64  user-agent hash          32  u64  path hash
 *  40  u64  client address key (0 when unknown)
 *  48  end
 * </pre>
 *
 * A record of another version, length or schema tag is skipped and counted by the aggregator.
 * Byte 6 was zero before it carried the challenge outcome, so a record of an older node reads as
 * "no challenge", as an event of an older proxy does in the events ring.
 */
public final class FleetEventLayout {

    public static final int VERSION = 1;
    public static final int VERSION_OFFSET = 0;
    public static final int FLAGS_OFFSET = 1;
    public static final int HTTP_VERSION_OFFSET = 2;
    public static final int CLIENT_IP_KNOWN_OFFSET = 3;
    public static final int STATUS_OFFSET = 4;
    public static final int CHALLENGE_OFFSET = 6;
    public static final int SCHEMA_TAG_OFFSET = 8;
    public static final int TIMESTAMP_OFFSET = 16;
    public static final int USER_AGENT_OFFSET = 24;
    public static final int PATH_OFFSET = 32;
    public static final int CLIENT_IP_OFFSET = 40;
    public static final int LENGTH = 48;

    private FleetEventLayout() {
    }

    /**
     * The value record of a request event read from the events ring (the same for each of its keys).
     *
     * @param clientIpDimension the schema's client-address dimension, or -1
     */
    public static byte[] encode(RequestEventRecord event, long schemaHash, int clientIpDimension) {
        boolean ipKnown = clientIpDimension >= 0 && event.hasKey(clientIpDimension);
        return encode(event.flags(), event.httpVersion(), event.status(), event.challenge(), schemaHash,
                event.timestampMillis(), event.userAgentHash(), event.pathHash(),
                ipKnown ? event.key(clientIpDimension) : 0, ipKnown);
    }

    /** A new value record. */
    public static byte[] encode(int flags, int httpVersion, int status, int challenge, long schemaHash,
                                long timestampMillis, long userAgentHash, long pathHash, long clientIp,
                                boolean clientIpKnown) {
        byte[] out = new byte[LENGTH];
        ByteBuffer b = ByteBuffer.wrap(out).order(ByteOrder.LITTLE_ENDIAN);
        b.put(VERSION_OFFSET, (byte) VERSION)
                .put(FLAGS_OFFSET, (byte) flags)
                .put(HTTP_VERSION_OFFSET, (byte) httpVersion)
                .put(CLIENT_IP_KNOWN_OFFSET, (byte) (clientIpKnown ? 1 : 0))
                .putShort(STATUS_OFFSET, (short) status)
                .put(CHALLENGE_OFFSET, (byte) challenge)
                .putInt(SCHEMA_TAG_OFFSET, RequestEventLayout.schemaTag(schemaHash))
                .putLong(TIMESTAMP_OFFSET, timestampMillis)
                .putLong(USER_AGENT_OFFSET, userAgentHash)
                .putLong(PATH_OFFSET, pathHash)
                .putLong(CLIENT_IP_OFFSET, clientIp);
        return out;
    }

    /** Whether {@code value} is a record of this version and length, of the schema with {@code schemaHash}. */
    public static boolean check(byte[] value, long schemaHash) {
        return value != null && value.length == LENGTH && value[VERSION_OFFSET] == VERSION
                && buffer(value).getInt(SCHEMA_TAG_OFFSET) == RequestEventLayout.schemaTag(schemaHash);
    }

    /** A little-endian view to read the fields at this layout's offsets. */
    public static ByteBuffer buffer(byte[] value) {
        return ByteBuffer.wrap(value).order(ByteOrder.LITTLE_ENDIAN);
    }
}
