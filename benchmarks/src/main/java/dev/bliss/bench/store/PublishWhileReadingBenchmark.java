package dev.bliss.bench.store;

import dev.bliss.store.Durability;
import dev.bliss.store.FeatureStoreReader;
import dev.bliss.store.FeatureStoreWriter;
import dev.bliss.store.LookupBatch;
import dev.bliss.store.ReadGuard;
import dev.bliss.store.ReadHandle;
import dev.bliss.store.ReaderOptions;
import dev.bliss.store.StoreException;
import dev.bliss.store.WriterOptions;
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
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.concurrent.locks.LockSupport;

/**
 * Lookups while a writer thread in the same JVM publishes a new snapshot every 100 ms (or back
 * to back when building one takes longer; the achieved interval is printed at tear-down), with
 * the pointer chase measured under the same load.
 */
@BenchmarkMode(Mode.AverageTime)
@OutputTimeUnit(TimeUnit.NANOSECONDS)
@Fork(value = 1, jvmArgsAppend = {"--enable-native-access=ALL-UNNAMED", "-Xmx2g"})
@Warmup(iterations = 2, time = 2)
@Measurement(iterations = 3, time = 3)
@State(Scope.Benchmark)
public class PublishWhileReadingBenchmark {

    @Param({"1000000"})
    public long keys;

    FeatureStoreReader reader;
    FeatureStoreWriter writer;
    Thread publisher;
    final AtomicBoolean stop = new AtomicBoolean();
    volatile long published;
    volatile long resets;
    long startedNanos;
    Arena arena;
    MemorySegment chase;
    long perDimension;

    @Setup(Level.Trial)
    public void setUp() throws IOException {
        Files.createDirectories(BenchStores.ROOT);
        Path prefix = BenchStores.ROOT.resolve("publish-" + keys);
        writer = FeatureStoreWriter.open(WriterOptions.forPrefix(prefix).durability(Durability.NONE)
                .gracePeriod(Duration.ofSeconds(5)));
        BenchStores.publish(writer, keys, 1);
        reader = FeatureStoreReader.open(ReaderOptions.forPrefix(prefix));
        arena = Arena.ofShared();
        chase = BenchStores.pointerChase(BenchStores.snapshotBytes(prefix), arena);
        BenchStores.prefault(reader, chase);
        perDimension = keys / BenchStores.DIMENSIONS;
        startedNanos = System.nanoTime();
        publisher = new Thread(() -> {
            long sequence = 2;
            while (!stop.get()) {
                long start = System.nanoTime();
                try {
                    if (BenchStores.publish(writer, keys, sequence++).readerCounterReset()) {
                        resets++;
                    }
                } catch (IOException e) {
                    throw new IllegalStateException(e);
                }
                published++;
                long left = TimeUnit.MILLISECONDS.toNanos(100) - (System.nanoTime() - start);
                if (left > 0) {
                    LockSupport.parkNanos(left);
                }
            }
        }, "publisher");
        publisher.start();
    }

    @TearDown(Level.Trial)
    public void tearDown() throws InterruptedException {
        stop.set(true);
        publisher.join();
        double seconds = (System.nanoTime() - startedNanos) / 1e9;
        System.out.printf("%npublished %d snapshots in %.1f s (one every %.0f ms), %d reader resets%n", published,
                seconds, seconds * 1000 / Math.max(1, published), resets);
        reader.close();
        writer.close();
        arena.close();
    }

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

        @Setup(Level.Trial)
        public void setUp(PublishWhileReadingBenchmark bench, BenchmarkParams jmh) throws StoreException {
            benchmark = jmh.getBenchmark();
            params = "keys=" + bench.keys + " threads=" + jmh.getThreads();
            measured = jmh.getMeasurement().getCount();
            handle = bench.reader.newHandle();
        }

        @Setup(Level.Iteration)
        public void startIteration() {
            cpu.startIteration();
        }

        @TearDown(Level.Iteration)
        public void endIteration() {
            cpu.endIteration();
        }

        @TearDown(Level.Trial)
        public void tearDown() {
            cpu.print(benchmark, params, measured);
            handle.close();
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
        try (ReadGuard guard = r.handle.acquire()) {
            return guard.table(dimension).copyTo(BenchStores.key(dimension, (x >>> 8) % perDimension), r.input, 0);
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
}
