package dev.bliss.features.cluster;

import dev.bliss.store.events.RequestEventLayout;
import java.nio.ByteBuffer;
import java.nio.ByteOrder;

/**
 * The value of a features-topic record: one dimension key's fleet-wide feature vector, as the
 * aggregator evaluated it, little-endian. Rank and quantile features hold the key's request count:
 * each node ranks across all the keys it knows when it publishes (as it does for its own keys).
 * A null value (a tombstone) says the key idled past its longest window and is forgotten, which
 * also lets the compacted topic drop it.
 *
 * <pre>
 *   0  u8   version (1)     1  u8  zero     2  u16  L: features in the vector
 *   4  u32  schema tag (RequestEventLayout.schemaTag of the aggregator's schema hash)
 *   8  i64  evaluated at, epoch ms (the freshness the node's fleet/local rule compares)
 *  16  f32  vector[L]
 *  16 + 4L  end
 * </pre>
 */
public final class FleetVectorLayout {

    public static final int VERSION = 1;
    public static final int VERSION_OFFSET = 0;
    public static final int LENGTH_OFFSET = 2;
    public static final int SCHEMA_TAG_OFFSET = 4;
    public static final int EVALUATED_AT_OFFSET = 8;
    public static final int VECTOR_OFFSET = 16;

    private FleetVectorLayout() {
    }

    public static int length(int features) {
        return VECTOR_OFFSET + features * Float.BYTES;
    }

    /** A new value record of {@code features} floats of {@code vector} from {@code offset}. */
    public static byte[] encode(long schemaHash, long evaluatedAtMillis, float[] vector, int offset, int features) {
        byte[] out = new byte[length(features)];
        ByteBuffer b = ByteBuffer.wrap(out).order(ByteOrder.LITTLE_ENDIAN);
        b.put(VERSION_OFFSET, (byte) VERSION)
                .putShort(LENGTH_OFFSET, (short) features)
                .putInt(SCHEMA_TAG_OFFSET, RequestEventLayout.schemaTag(schemaHash))
                .putLong(EVALUATED_AT_OFFSET, evaluatedAtMillis);
        for (int f = 0; f < features; f++) {
            b.putFloat(VECTOR_OFFSET + f * Float.BYTES, vector[offset + f]);
        }
        return out;
    }

    /** Whether {@code value} is a vector of this version with {@code features} floats, of the schema with {@code schemaHash}. */
    public static boolean check(byte[] value, long schemaHash, int features) {
        if (value == null || value.length != length(features) || value[VERSION_OFFSET] != VERSION) {
            return false;
        }
        ByteBuffer b = ByteBuffer.wrap(value).order(ByteOrder.LITTLE_ENDIAN);
        return (b.getShort(LENGTH_OFFSET) & 0xFFFF) == features
                && b.getInt(SCHEMA_TAG_OFFSET) == RequestEventLayout.schemaTag(schemaHash);
    }

    public static long evaluatedAt(byte[] value) {
        return ByteBuffer.wrap(value).order(ByteOrder.LITTLE_ENDIAN).getLong(EVALUATED_AT_OFFSET);
    }

    /** Copies the vector of a checked value into {@code out} from {@code offset}. */
    public static void vector(byte[] value, float[] out, int offset) {
        ByteBuffer b = ByteBuffer.wrap(value).order(ByteOrder.LITTLE_ENDIAN);
        int features = b.getShort(LENGTH_OFFSET) & 0xFFFF;
        for (int f = 0; f < features; f++) {
            out[offset + f] = b.getFloat(VECTOR_OFFSET + f * Float.BYTES);
        }
    }
}
