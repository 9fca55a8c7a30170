package dev.bliss.store.internal;

import dev.bliss.store.layout.DataFileLayout;

import java.lang.foreign.MemorySegment;
import java.lang.foreign.ValueLayout;
import java.nio.ByteBuffer;
import java.nio.charset.CharacterCodingException;
import java.nio.charset.CodingErrorAction;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;

/**
 * Writes and reads the names area of a data file: each name as a u16 byte length followed by
 * its UTF-8 bytes ({@link DataFileLayout}). Reading checks every length against the area, so a
 * corrupt file yields an error, never an out-of-bounds access. Runs once per snapshot.
 */
public final class NameCodec {

    private static final ValueLayout.OfShort LENGTH = ValueLayout.JAVA_SHORT_UNALIGNED;

    private NameCodec() {
    }

    /** UTF-8 bytes of a name, refusing names too long for the u16 prefix. */
    public static byte[] utf8(String name) {
        byte[] bytes = name.getBytes(StandardCharsets.UTF_8);
        if (bytes.length > DataFileLayout.MAX_NAME_BYTES) {
            throw new IllegalArgumentException("name longer than " + DataFileLayout.MAX_NAME_BYTES + " bytes: "
                    + name.substring(0, 40) + "...");
        }
        return bytes;
    }

    /** Bytes the names of one dimension take. */
    public static long encodedLength(String dimension, List<String> features) {
        long length = DataFileLayout.encodedNameLength(utf8(dimension).length);
        for (String feature : features) {
            length += DataFileLayout.encodedNameLength(utf8(feature).length);
        }
        return length;
    }

    /** Writes a dimension's names at {@code offset}; returns the offset after them. */
    public static long write(MemorySegment segment, long offset, String dimension, List<String> features) {
        offset = writeOne(segment, offset, utf8(dimension));
        for (String feature : features) {
            offset = writeOne(segment, offset, utf8(feature));
        }
        return offset;
    }

    private static long writeOne(MemorySegment segment, long offset, byte[] bytes) {
        segment.set(LENGTH, offset, (short) bytes.length);
        MemorySegment.copy(bytes, 0, segment, ValueLayout.JAVA_BYTE, offset + 2, bytes.length);
        return offset + 2 + bytes.length;
    }

    /**
     * Reads {@code count} names from [offset, offset + length).
     *
     * @throws IllegalArgumentException when a name overruns the area or is not UTF-8
     */
    public static List<String> read(MemorySegment segment, long offset, long length, int count) {
        long end = offset + length;
        List<String> names = new ArrayList<>(count);
        var decoder = StandardCharsets.UTF_8.newDecoder()
                .onMalformedInput(CodingErrorAction.REPORT)
                .onUnmappableCharacter(CodingErrorAction.REPORT);
        for (int i = 0; i < count; i++) {
            if (offset + 2 > end) {
                throw new IllegalArgumentException("names area ends before name " + i);
            }
            int size = Short.toUnsignedInt(segment.get(LENGTH, offset));
            offset += 2;
            if (offset + size > end) {
                throw new IllegalArgumentException("name " + i + " overruns the names area");
            }
            byte[] bytes = segment.asSlice(offset, size).toArray(ValueLayout.JAVA_BYTE);
            try {
                names.add(decoder.decode(ByteBuffer.wrap(bytes)).toString());
            } catch (CharacterCodingException e) {
                throw new IllegalArgumentException("name " + i + " is not valid UTF-8");
            }
            offset += size;
        }
        if (offset != end) {
            throw new IllegalArgumentException("names area has " + (end - offset) + " trailing bytes");
        }
        return List.copyOf(names);
    }
}
