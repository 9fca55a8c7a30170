package dev.bliss.features.cluster;

import java.nio.ByteBuffer;
import java.nio.ByteOrder;

/**
 * One dimension key of the schema as bytes: the record key of the features topic and of the
 * aggregator's state store, and what a node hashes to choose a key's events-topic partition
 * ({@link EventBatcher#partition}, the hash Kafka's default partitioner applies to a record key),
 * so every event of one dimension key, from any node, lands in one partition and meets the same
 * aggregator task.
 *
 * <pre>
 *   0  u8   dimension: index in the schema (features.yaml order)
 *   1  u64  key: the dimension key, as the events ring carries it (little-endian)
 *   9  end
 * </pre>
 */
public final class FleetKeyLayout {

    public static final int DIMENSION_OFFSET = 0;
    public static final int KEY_OFFSET = 1;
    public static final int LENGTH = 9;

    private FleetKeyLayout() {
    }

    /** A new key record. */
    public static byte[] encode(int dimension, long key) {
        byte[] out = new byte[LENGTH];
        encode(out, dimension, key);
        return out;
    }

    /** Writes a key record into {@code out} (at least {@link #LENGTH} bytes). */
    public static void encode(byte[] out, int dimension, long key) {
        out[DIMENSION_OFFSET] = (byte) dimension;
        for (int i = 0; i < Long.BYTES; i++) {
            out[KEY_OFFSET + i] = (byte) (key >>> (8 * i));
        }
    }

    /** Whether {@code bytes} has this layout's length and a dimension below {@code dimensions}. */
    public static boolean check(byte[] bytes, int dimensions) {
        return bytes != null && bytes.length == LENGTH && (bytes[DIMENSION_OFFSET] & 0xFF) < dimensions;
    }

    public static int dimension(byte[] bytes) {
        return bytes[DIMENSION_OFFSET] & 0xFF;
    }

    public static long key(byte[] bytes) {
        return ByteBuffer.wrap(bytes).order(ByteOrder.LITTLE_ENDIAN).getLong(KEY_OFFSET);
    }
}
