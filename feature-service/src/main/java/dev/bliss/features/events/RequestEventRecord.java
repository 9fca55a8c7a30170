package dev.bliss.features.events;

import dev.bliss.store.events.RequestEventLayout;
import java.nio.ByteOrder;
import org.agrona.DirectBuffer;
import org.agrona.MutableDirectBuffer;

/**
 * A flyweight over one request event in the ring, in the format of {@link RequestEventLayout}.
 * {@link #wrap} it over a record, {@link #check} it once, then read its fields in place: nothing
 * is copied or allocated. Valid only until the ring handler that received the record returns.
 *
 * <p>Not thread-safe: one per consumer thread.
 */
public final class RequestEventRecord {

    private static final ByteOrder LE = ByteOrder.LITTLE_ENDIAN;

    private DirectBuffer buffer;
    private int offset;
    private int length;

    /** Points this flyweight at the body at {@code offset} of {@code length} bytes. */
    public RequestEventRecord wrap(DirectBuffer buffer, int offset, int length) {
        this.buffer = buffer;
        this.offset = offset;
        this.length = length;
        return this;
    }

    /**
     * Whether the record is one this reader can use: a known version, the length its key count
     * implies, and the consumer's schema (key count and schema tag).
     */
    public RecordCheck check(int expectedKeyCount, int expectedSchemaTag) {
        if (length < RequestEventLayout.KEYS_OFFSET) {
            return length >= 1 && version() != RequestEventLayout.VERSION ? RecordCheck.UNKNOWN_VERSION : RecordCheck.BAD_LENGTH;
        }
        if (version() != RequestEventLayout.VERSION) {
            return RecordCheck.UNKNOWN_VERSION;
        }
        int keys = keyCount();
        if (keys > RequestEventLayout.MAX_KEYS || length != RequestEventLayout.bodyLength(keys)) {
            return RecordCheck.BAD_LENGTH;
        }
        if (keys != expectedKeyCount || schemaTag() != expectedSchemaTag) {
            return RecordCheck.SCHEMA_MISMATCH;
        }
        return RecordCheck.OK;
    }

    /** The body's length in bytes. */
    public int length() {
        return length;
    }

    /** Copies the body to {@code dst} at {@code at} (for a consumer that keeps events past the handler). */
    public void copyTo(MutableDirectBuffer dst, int at) {
        dst.putBytes(at, buffer, offset, length);
    }

    public int version() {
        return buffer.getByte(offset + RequestEventLayout.VERSION_OFFSET) & 0xFF;
    }

    public int flags() {
        return buffer.getByte(offset + RequestEventLayout.FLAGS_OFFSET) & 0xFF;
    }

    public boolean hasFlag(int flag) {
        return (flags() & flag) != 0;
    }

    /** {@link RequestEventLayout#METHOD_GET}, … */
    public int method() {
        return buffer.getByte(offset + RequestEventLayout.METHOD_OFFSET) & 0xFF;
    }

    /** 10, 11 or 20. */
    public int httpVersion() {
        return buffer.getByte(offset + RequestEventLayout.HTTP_VERSION_OFFSET) & 0xFF;
    }

    public int status() {
        return buffer.getShort(offset + RequestEventLayout.STATUS_OFFSET, LE) & 0xFFFF;
    }

    /** {@link RequestEventLayout#CHALLENGE_NONE}, {@link RequestEventLayout#CHALLENGE_ISSUED}, … */
    public int challenge() {
        return buffer.getByte(offset + RequestEventLayout.CHALLENGE_OFFSET) & 0xFF;
    }

    public int keyCount() {
        return buffer.getByte(offset + RequestEventLayout.KEY_COUNT_OFFSET) & 0xFF;
    }

    public int schemaTag() {
        return buffer.getInt(offset + RequestEventLayout.SCHEMA_TAG_OFFSET, LE);
    }

    public boolean hasKey(int dimension) {
        return (buffer.getInt(offset + RequestEventLayout.KEY_PRESENCE_OFFSET, LE) & 1 << dimension) != 0;
    }

    public long key(int dimension) {
        return buffer.getLong(offset + RequestEventLayout.keyOffset(dimension), LE);
    }

    public long timestampMillis() {
        return buffer.getLong(offset + RequestEventLayout.TIMESTAMP_OFFSET, LE);
    }

    /** The producer's monotonic nanoseconds at commit: an order across rings and processes of one host, not a time. */
    public long publishOrder() {
        return buffer.getLong(offset + RequestEventLayout.PUBLISH_ORDER_OFFSET, LE);
    }

    public long userAgentHash() {
        return buffer.getLong(offset + RequestEventLayout.USER_AGENT_HASH_OFFSET, LE);
    }

    public long pathHash() {
        return buffer.getLong(offset + RequestEventLayout.PATH_HASH_OFFSET, LE);
    }

    /** The hash of the path with its last number taken out. */
    public long templateHash() {
        return buffer.getLong(offset + RequestEventLayout.TEMPLATE_HASH_OFFSET, LE);
    }

    /** The path's last number, or {@link RequestEventLayout#NO_PAGE_NUMBER}. */
    public long pageNumber() {
        return buffer.getLong(offset + RequestEventLayout.PAGE_NUMBER_OFFSET, LE);
    }
}
