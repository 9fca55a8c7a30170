package dev.bliss.bench.store;

import dev.bliss.store.FeatureStoreReader;
import dev.bliss.store.FeatureTable;
import dev.bliss.store.LookupBatch;
import dev.bliss.store.ReadGuard;
import dev.bliss.store.ReadHandle;
import dev.bliss.store.ReaderOptions;
import dev.bliss.store.StoreException;
import org.openjdk.jmh.annotations.Benchmark;
import org.openjdk.jmh.annotations.BenchmarkMode;
import org.openjdk.jmh.annotations.Fork;
import org.openjdk.jmh.annotations.Level;
import org.openjdk.jmh.annotations.Measurement;
import org.openjdk.jmh.annotations.Mode;
import org.openjdk.jmh.annotations.OperationsPerInvocation;
import org.openjdk.jmh.annotations.OutputTimeUnit;
import org.openjdk.jmh.annotations.Param;
import org.openjdk.jmh.annotations.Scope;
import org.openjdk.jmh.annotations.Setup;
import org.openjdk.jmh.annotations.State;
import org.openjdk.jmh.annotations.TearDown;
import org.openjdk.jmh.annotations.Warmup;
import org.openjdk.jmh.infra.BenchmarkParams;

import java.io.IOException;
import java.lang.foreign.Arena;
import java.lang.foreign.MemorySegment;
import java.lang.foreign.ValueLayout;
import java.nio.file.Path;
import java.util.concurrent.TimeUnit;

/**
 * Random-key lookups in a snapshot of {@code keys} keys (6 dimensions x 32 floats), cold in
 * cache, against a pointer chase over the same number of bytes in the same run. Every lookup
 * takes a guard, finds the key and copies its 32 floats out.
 *
 * <ul>
 *   <li>{@code pointerChase}: one dependent miss per op, the yardstick.
 *   <li>{@code lookupHit} / {@code lookupMiss}: one lookup, inside a guard the thread holds for
 *       the whole iteration (the table's cost alone).
 *   <li>{@code guardedLookupHit}: acquire, one lookup, close (the guard's reader-counter
 *       increment and decrement are full fences, so consecutive lookups cannot overlap).
 *   <li>{@code batch6}: one guard, six keys in six tables through {@link LookupBatch}; per lookup.
 *   <li>{@code serial6}: the same six lookups one after the other; per lookup.
 * </ul>
 * Run with {@code -t 1} and {@code -t 2} for reader scaling; {@code guardsPerPin} 1 touches the
 * shared counter twice per guard, 1024 pins a version per thread.
 */
@BenchmarkMode(Mode.AverageTime)
@OutputTimeUnit(TimeUnit.NANOSECONDS)
@Fork(value = 1, jvmArgsAppend = {"--enable-native-access=ALL-UNNAMED", "-Xmx4g"})
@Warmup(iterations = 2, time = 2)
@Measurement(iterations = 3, time = 2)
@State(Scope.Benchmark)
public class FeatureLookupBenchmark {

    @Param({"1000000", "10000000"})
    public long keys;

    @Param({"1"})
    public int guardsPerPin;

    FeatureStoreReader reader;
    MemorySegment chase;
    Arena arena;
    long perDimension;

    @Setup(Level.Trial)
    public void setUp() throws IOException {
        Path prefix = BenchStores.lookupStore(keys);
        arena = Arena.ofShared();
        chase = BenchStores.pointerChase(BenchStores.snapshotBytes(prefix), arena);
        reader = FeatureStoreReader.open(ReaderOptions.forPrefix(prefix).guardsPerPin(guardsPerPin));
        BenchStores.prefault(reader, chase);
        perDimension = keys / BenchStores.DIMENSIONS;
    }

    @TearDown(Level.Trial)
    public void tearDown() {
        reader.close();
        arena.close();
    }

    /** Per-thread: a handle, a batch, a destination and a random stream. */
    @State(Scope.Thread)
    public static class Reader {
        ReadHandle handle;
        LookupBatch batch = new LookupBatch(BenchStores.DIMENSIONS);
        float[] input = new float[BenchStores.DIMENSIONS * BenchStores.FLOATS];
        long random = System.nanoTime() | 1;
        long cursor;
        final CpuTimePerOp cpu = new CpuTimePerOp();
        String benchmark;
        String params;
        int measured;

        ReadHandle iterationHandle;
        ReadGuard iterationGuard;

        @Setup(Level.Trial)
        public void setUp(FeatureLookupBenchmark bench, BenchmarkParams jmh) throws StoreException {
            benchmark = jmh.getBenchmark();
            params = "keys=" + bench.keys + " guardsPerPin=" + bench.guardsPerPin + " threads=" + jmh.getThreads();
            measured = jmh.getMeasurement().getCount();
            handle = bench.reader.newHandle();
            iterationHandle = bench.reader.newHandle();
            cursor = (random & 0xFFFF) * 64;
        }

        @Setup(Level.Iteration)
        public void openIterationGuard() {
            iterationGuard = iterationHandle.acquire();
            cpu.startIteration();
        }

        @TearDown(Level.Iteration)
        public void closeIterationGuard() {
            cpu.endIteration();
            iterationGuard.close();
        }

        @TearDown(Level.Trial)
        public void tearDown() {
            cpu.print(benchmark, params, measured);
            handle.close();
            iterationHandle.close();
        }

        long next() {
            long x = random;
            x ^= x << 13;
            x ^= x >>> 7;
            x ^= x << 17;
            random = x;
            return x;
        }
    }

    @Benchmark
    public long pointerChase(Reader r) {
        r.cpu.ops++;
        long next = chase.get(ValueLayout.JAVA_LONG, r.cursor);
        r.cursor = next;
        return next;
    }

    @Benchmark
    public boolean lookupHit(Reader r) {
        r.cpu.ops++;
        long x = r.next();
        int dimension = (int) ((x >>> 1) % BenchStores.DIMENSIONS);
        return r.iterationGuard.table(dimension).copyTo(BenchStores.key(dimension, (x >>> 8) % perDimension), r.input, 0);
    }

    @Benchmark
    public boolean lookupMiss(Reader r) {
        r.cpu.ops++;
        long x = r.next();
        return r.iterationGuard.table((int) ((x >>> 1) % BenchStores.DIMENSIONS))
                .copyTo(BenchStores.absentKey(x >>> 8), r.input, 0);
    }

    @Benchmark
    public boolean guardedLookupHit(Reader r) {
        r.cpu.ops++;
        long x = r.next();
        int dimension = (int) ((x >>> 1) % BenchStores.DIMENSIONS);
        long key = BenchStores.key(dimension, (x >>> 8) % perDimension);
        try (ReadGuard guard = r.handle.acquire()) {
            return guard.table(dimension).copyTo(key, r.input, 0);
        }
    }

    @Benchmark
    @OperationsPerInvocation(BenchStores.DIMENSIONS)
    public int batch6(Reader r) {
        r.cpu.ops += BenchStores.DIMENSIONS;
        int hits = 0;
        try (ReadGuard guard = r.handle.acquire()) {
            LookupBatch batch = r.batch;
            batch.clear();
            for (int d = 0; d < BenchStores.DIMENSIONS; d++) {
                batch.add(guard.table(d), BenchStores.key(d, (r.next() >>> 8) % perDimension));
            }
            batch.locate();
            for (int d = 0; d < BenchStores.DIMENSIONS; d++) {
                if (batch.copyTo(d, r.input, d * BenchStores.FLOATS)) {
                    hits++;
                }
            }
        }
        return hits;
    }

    @Benchmark
    @OperationsPerInvocation(BenchStores.DIMENSIONS)
    public int serial6(Reader r) {
        r.cpu.ops += BenchStores.DIMENSIONS;
        int hits = 0;
        try (ReadGuard guard = r.handle.acquire()) {
            for (int d = 0; d < BenchStores.DIMENSIONS; d++) {
                FeatureTable table = guard.table(d);
                if (table.copyTo(BenchStores.key(d, (r.next() >>> 8) % perDimension), r.input, d * BenchStores.FLOATS)) {
                    hits++;
                }
            }
        }
        return hits;
    }
}
