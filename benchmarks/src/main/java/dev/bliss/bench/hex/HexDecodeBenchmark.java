package dev.bliss.bench.hex;

import dev.bliss.bot.hex.HexDecoder;
import dev.bliss.bot.hex.TableHexDecoder;
import org.openjdk.jmh.annotations.Benchmark;
import org.openjdk.jmh.annotations.BenchmarkMode;
import org.openjdk.jmh.annotations.Fork;
import org.openjdk.jmh.annotations.Level;
import org.openjdk.jmh.annotations.Measurement;
import org.openjdk.jmh.annotations.Mode;
import org.openjdk.jmh.annotations.OutputTimeUnit;
import org.openjdk.jmh.annotations.Param;
import org.openjdk.jmh.annotations.Scope;
import org.openjdk.jmh.annotations.Setup;
import org.openjdk.jmh.annotations.State;
import org.openjdk.jmh.annotations.Warmup;

import java.nio.charset.StandardCharsets;
import java.util.Arrays;
import java.util.HexFormat;
import java.util.SplittableRandom;
import java.util.concurrent.TimeUnit;

/**
 * Decoding one hex attribute of {@code length} characters (12: a JA4 part, 32: JA3 or a trace
 * id, 64: a long session id) into a preallocated array, three ways:
 * <ul>
 *   <li>{@code vector*}: {@link HexDecoder}, the Vector API kernel (below 16 characters it uses
 *       the table on purpose, so at 12 it measures that choice);
 *   <li>{@code table*}: {@link TableHexDecoder}, the scalar 256-entry table;
 *   <li>{@code hexFormat}: {@link HexFormat#fromHexDigits(CharSequence, int, int)} per byte,
 *       the JDK's allocation-free way.
 * </ul>
 * {@code *Bytes} read a {@code byte[]} (raw header bytes), {@code *String} a {@code String};
 * {@code vectorLongsString} decodes to {@code long}s, as dimension keys do. 256 different random
 * inputs are cycled so that no branch predictor learns a single input. {@code baseline} is the
 * harness and the input fetch alone. All should show {@code gc.alloc.rate.norm} 0 B/op; the
 * trial starts with {@link HexDecoder#warmUp()}, as the plugin does.
 */
@BenchmarkMode(Mode.AverageTime)
@OutputTimeUnit(TimeUnit.NANOSECONDS)
@Fork(value = 1, jvmArgsAppend = {"--add-modules=jdk.incubator.vector", "--enable-native-access=ALL-UNNAMED"})
@Warmup(iterations = 3, time = 2)
@Measurement(iterations = 5, time = 2)
@State(Scope.Thread)
public class HexDecodeBenchmark {

    private static final int INPUTS = 256;

    @Param({"12", "32", "64"})
    public int length;

    private final HexDecoder decoder = new HexDecoder();
    private byte[][] bytes;
    private String[] strings;
    private byte[] out;
    private long[] longs;
    private int next;

    @Setup(Level.Trial)
    public void setUp() {
        if (!HexDecoder.isVectorized()) {
            throw new IllegalStateException("the vector kernel is not in use: " + HexDecoder.implementation());
        }
        // As the plugin does at startup. On a loaded 2-core machine C2 took over 10 s to compile
        // the kernel, and JMH's warm-up iterations alone then timed interpreted vector code.
        HexDecoder.warmUp();
        SplittableRandom random = new SplittableRandom(length);
        bytes = new byte[INPUTS][];
        strings = new String[INPUTS];
        for (int i = 0; i < INPUTS; i++) {
            byte[] raw = new byte[length / 2];
            random.nextBytes(raw);
            strings[i] = HexFormat.of().formatHex(raw);
            bytes[i] = strings[i].getBytes(StandardCharsets.US_ASCII);
        }
        out = new byte[length / 2];
        longs = new long[(length + 15) / 16];
        // A decoder that is wrong is not worth timing.
        for (int i = 0; i < INPUTS; i++) {
            byte[] expected = HexFormat.of().parseHex(strings[i]);
            check(decoder.decode(bytes[i], 0, length, out, 0), expected, "vectorBytes");
            check(decoder.decode(strings[i], 0, length, out, 0), expected, "vectorString");
            check(TableHexDecoder.decode(bytes[i], 0, length, out, 0), expected, "tableBytes");
            check(TableHexDecoder.decode(strings[i], 0, length, out, 0), expected, "tableString");
            next = i;
            hexFormat();
            check(length / 2, expected, "hexFormat");
        }
        next = 0;
    }

    private void check(int result, byte[] expected, String what) {
        if (result != expected.length || !Arrays.equals(out, expected)) {
            throw new IllegalStateException(what + " decoded wrongly");
        }
    }

    @Benchmark
    public int baseline() {
        return strings[next++ & (INPUTS - 1)].length();
    }

    @Benchmark
    public int vectorBytes() {
        byte[] in = bytes[next++ & (INPUTS - 1)];
        return decoder.decode(in, 0, in.length, out, 0);
    }

    @Benchmark
    public int vectorString() {
        String in = strings[next++ & (INPUTS - 1)];
        return decoder.decode(in, 0, in.length(), out, 0);
    }

    @Benchmark
    public int vectorLongsString() {
        String in = strings[next++ & (INPUTS - 1)];
        return decoder.decodeLongs(in, 0, in.length(), longs, 0);
    }

    @Benchmark
    public int tableBytes() {
        byte[] in = bytes[next++ & (INPUTS - 1)];
        return TableHexDecoder.decode(in, 0, in.length, out, 0);
    }

    @Benchmark
    public int tableString() {
        String in = strings[next++ & (INPUTS - 1)];
        return TableHexDecoder.decode(in, 0, in.length(), out, 0);
    }

    @Benchmark
    public byte[] hexFormat() {
        String in = strings[next++ & (INPUTS - 1)];
        byte[] dst = out;
        for (int i = 0, o = 0; i < in.length(); i += 2, o++) {
            dst[o] = (byte) HexFormat.fromHexDigits(in, i, i + 2);
        }
        return dst;
    }
}
