package dev.bliss.bot.hex;

import jdk.incubator.vector.ByteVector;
import jdk.incubator.vector.ShortVector;
import jdk.incubator.vector.VectorSpecies;

import java.lang.invoke.MethodHandles;
import java.lang.invoke.VarHandle;
import java.nio.ByteOrder;

import static jdk.incubator.vector.VectorOperators.LSHL;
import static jdk.incubator.vector.VectorOperators.LSHR;
import static jdk.incubator.vector.VectorOperators.S2B;
import static jdk.incubator.vector.VectorOperators.SUADD;
import static jdk.incubator.vector.VectorOperators.SUSUB;
import static jdk.incubator.vector.VectorOperators.UGT;
import static jdk.incubator.vector.VectorOperators.UMIN;

/**
 * The Vector API kernel behind {@link HexDecoder}: validates and decodes 16 or 32 hex
 * characters per step, one loop per method.
 *
 * <p>Only {@link HexDecoder} touches this class, and only once it has seen
 * {@code jdk.incubator.vector} in the boot layer: loading it without the module fails with
 * {@link NoClassDefFoundError}. Callers check ranges, parity and the minimum count each method
 * names; the methods report validity (true: all digits), not positions.
 *
 * <h2>Per character (unsigned bytes, saturating where marked)</h2>
 * <pre>
 *   digit  = ((c + 0xC6) -sat 6) - 0xF0     '0'..'9' → 0..9,   anything else → 16..255
 *   letter = ((c &amp; 0xDF) - 'A') +sat 10     'A'..'F', 'a'..'f' → 10..15, anything else → 16..255
 *   nibble = umin(digit, letter)            a digit iff nibble &lt; 16
 * </pre>
 * Saturation is what keeps a non-digit from wrapping into 0..15. Pairs are then packed as
 * little-endian shorts {@code hi | lo << 8} → {@code (s << 4 | s >>> 8)} → low byte. Validity
 * costs one OR per step and one test per call: any nibble &ge; 16 leaves a bit in the high half
 * of the OR of all nibbles. Chars are clamped to 0xFF (not a digit) on their way to bytes.
 *
 * <h2>Steps and tails</h2>
 * <pre>
 *   byte[] → byte[]   32 chars per step (256-bit bytes), for 32 chars and more
 *   char[] → byte[]   16 chars per step (256-bit chars narrowed to 128-bit bytes), 16 and more
 *   any    → long[]   16 chars per step, one long each, 16 and more
 * </pre>
 * Every method is one loop; its last step moves back to end exactly at the last character,
 * overlapping what is already decoded. Rewriting a byte with its own value costs less than a
 * scalar tail or a masked store (not native before AVX-512).
 *
 * <h2>What keeps C2 intrinsifying it</h2>
 * Three ways to lose the intrinsics were seen here, each as allocation on every call:
 * <ul>
 *   <li>a vector passed to or returned from a method compiled on its own is boxed, and a
 *       helper that sees two species is not intrinsified at all: so every vector lives inside
 *       one method body, and the nibble arithmetic is written out per method;
 *   <li>vector calls inline into thousands of IR nodes before C2 reduces them: a method that
 *       inlined two of these loops ran past C2's node budget, and the intrinsics of the second
 *       loop were left as calls that box every vector. So each entry point of
 *       {@link HexDecoder} reaches exactly one loop;
 *   <li>after a shape conversion C2 knows only "some ByteVector", and the JDK's shared vector
 *       code then dispatches on type profiles that every species in the JVM writes to. When
 *       conversions produced both 64-bit and 128-bit byte vectors, C2 guessed the wrong class
 *       and a store fell back to boxing. So every conversion here produces a 128-bit byte
 *       vector; 256-bit vectors appear only where their class is exact (loads).
 * </ul>
 * {@code HexDecoderAllocatesNothingTest} and {@link HexDecoder#warmUp()} catch a regression.
 *
 * <p>Thread-safe and allocation-free once C2 has compiled it.
 */
final class VectorHexDecoder {

    private static final VectorSpecies<Byte> B256 = ByteVector.SPECIES_256;
    private static final VectorSpecies<Byte> B128 = ByteVector.SPECIES_128;
    private static final VectorSpecies<Short> S256 = ShortVector.SPECIES_256;
    /** Stores the 8 packed bytes of a step at once, in lane order. */
    private static final VarHandle LONG_LE = MethodHandles.byteArrayViewVarHandle(long[].class, ByteOrder.LITTLE_ENDIAN);

    private static final byte DIGIT_BIAS = (byte) (0xFF - '9');
    private static final byte DIGIT_SPAN = 6;
    private static final byte DIGIT_BASE = (byte) 0xF0;
    private static final byte CASE_FOLD = (byte) 0xDF;
    private static final byte LETTER_SPAN = 10;
    private static final byte MAX_NIBBLE = 15;
    /** Chars above this become 0xFF, which is not a digit: the String low-byte trap, closed. */
    private static final short MAX_LATIN1 = 0xFF;

    private VectorHexDecoder() {
    }

    /** The vector width C2 prefers on this CPU; the kernel is meant for 256 bits and more. */
    static int preferredBits() {
        return ByteVector.SPECIES_PREFERRED.vectorBitSize();
    }

    /**
     * Decodes {@code src[fromIndex, toIndex)}, at least 32 characters, into {@code dst} from
     * {@code dstOffset}, 32 characters per step.
     */
    static boolean decode(byte[] src, int fromIndex, int toIndex, byte[] dst, int dstOffset) {
        ByteVector seen = ByteVector.zero(B256);
        int last = toIndex - 32;
        for (int i = fromIndex; ; i += 32) {
            int at = Math.min(i, last);
            ByteVector c = ByteVector.fromArray(B256, src, at);
            ByteVector digit = c.add(DIGIT_BIAS).lanewise(SUSUB, DIGIT_SPAN).sub(DIGIT_BASE);
            ByteVector letter = c.and(CASE_FOLD).sub((byte) 'A').lanewise(SUADD, LETTER_SPAN);
            ByteVector nibble = digit.lanewise(UMIN, letter);
            seen = seen.or(nibble);
            ShortVector pair = nibble.reinterpretAsShorts();
            ((ByteVector) pair.lanewise(LSHL, 4).or(pair.lanewise(LSHR, 8)).convertShape(S2B, B128, 0))
                    .intoArray(dst, dstOffset + ((at - fromIndex) >>> 1));
            if (at == last) {
                return !seen.compare(UGT, MAX_NIBBLE).anyTrue();
            }
        }
    }

    /**
     * Decodes {@code src[0, count)} into {@code dst} from {@code dstOffset}, each char clamped to
     * 0xFF on its way from 16 to 8 bits.
     */
    static boolean decode(char[] src, int count, byte[] dst, int dstOffset) {
        ByteVector seen = ByteVector.zero(B128);
        int last = count - 16;
        for (int i = 0; ; i += 16) {
            int at = Math.min(i, last);
            ShortVector chars = ShortVector.fromCharArray(S256, src, at);
            ByteVector c = (ByteVector) chars.lanewise(UMIN, MAX_LATIN1).convertShape(S2B, B128, 0);
            ByteVector digit = c.add(DIGIT_BIAS).lanewise(SUSUB, DIGIT_SPAN).sub(DIGIT_BASE);
            ByteVector letter = c.and(CASE_FOLD).sub((byte) 'A').lanewise(SUADD, LETTER_SPAN);
            ByteVector nibble = digit.lanewise(UMIN, letter);
            seen = seen.or(nibble);
            ShortVector pair = nibble.reinterpretAsShorts();
            long packed = pair.lanewise(LSHL, 4).or(pair.lanewise(LSHR, 8))
                    .convertShape(S2B, B128, 0).reinterpretAsLongs().lane(0);
            LONG_LE.set(dst, dstOffset + (at >>> 1), packed);
            if (at == last) {
                return !seen.compare(UGT, MAX_NIBBLE).anyTrue();
            }
        }
    }

    /**
     * Decodes {@code src[fromIndex, toIndex)} into big-endian longs from {@code dstOffset}: 16
     * characters each, a shorter last group right-aligned.
     */
    static boolean decodeLongs(byte[] src, int fromIndex, int toIndex, long[] dst, int dstOffset) {
        ByteVector seen = ByteVector.zero(B128);
        int last = toIndex - 16;
        for (int i = fromIndex, o = dstOffset; ; i += 16, o++) {
            int at = Math.min(i, last);
            ByteVector c = ByteVector.fromArray(B128, src, at);
            ByteVector digit = c.add(DIGIT_BIAS).lanewise(SUSUB, DIGIT_SPAN).sub(DIGIT_BASE);
            ByteVector letter = c.and(CASE_FOLD).sub((byte) 'A').lanewise(SUADD, LETTER_SPAN);
            ByteVector nibble = digit.lanewise(UMIN, letter);
            seen = seen.or(nibble);
            ShortVector pair = nibble.reinterpretAsShorts();
            // Lane order puts the first byte lowest (little endian); the value is big endian.
            long value = Long.reverseBytes(pair.lanewise(LSHL, 4).or(pair.lanewise(LSHR, 8))
                    .convertShape(S2B, B128, 0).reinterpretAsLongs().lane(0));
            if (at == last) {
                // A short last group was read as the last 16 characters: keep its own 4 bits each.
                dst[o] = value & (-1L >>> (64 - ((toIndex - i) << 2)));
                return !seen.compare(UGT, MAX_NIBBLE).anyTrue();
            }
            dst[o] = value;
        }
    }

    /**
     * Decodes {@code src[0, count)} into big-endian longs from {@code dstOffset}, grouped as
     * {@link #decodeLongs(byte[], int, int, long[], int)} does, chars clamped as
     * {@link #decode(char[], int, byte[], int)} does.
     */
    static boolean decodeLongs(char[] src, int count, long[] dst, int dstOffset) {
        ByteVector seen = ByteVector.zero(B128);
        int last = count - 16;
        for (int i = 0, o = dstOffset; ; i += 16, o++) {
            int at = Math.min(i, last);
            ShortVector chars = ShortVector.fromCharArray(S256, src, at);
            ByteVector c = (ByteVector) chars.lanewise(UMIN, MAX_LATIN1).convertShape(S2B, B128, 0);
            ByteVector digit = c.add(DIGIT_BIAS).lanewise(SUSUB, DIGIT_SPAN).sub(DIGIT_BASE);
            ByteVector letter = c.and(CASE_FOLD).sub((byte) 'A').lanewise(SUADD, LETTER_SPAN);
            ByteVector nibble = digit.lanewise(UMIN, letter);
            seen = seen.or(nibble);
            ShortVector pair = nibble.reinterpretAsShorts();
            long value = Long.reverseBytes(pair.lanewise(LSHL, 4).or(pair.lanewise(LSHR, 8))
                    .convertShape(S2B, B128, 0).reinterpretAsLongs().lane(0));
            if (at == last) {
                dst[o] = value & (-1L >>> (64 - ((count - i) << 2)));
                return !seen.compare(UGT, MAX_NIBBLE).anyTrue();
            }
            dst[o] = value;
        }
    }
}
