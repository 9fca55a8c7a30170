package dev.bliss.bench.store;

import dev.bliss.store.FeatureStoreReader;
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
import org.openjdk.jmh.annotations.OutputTimeUnit;
import org.openjdk.jmh.annotations.Param;
import org.openjdk.jmh.annotations.Scope;
import org.openjdk.jmh.annotations.Setup;
import org.openjdk.jmh.annotations.State;
import org.openjdk.jmh.annotations.TearDown;
import org.openjdk.jmh.annotations.Warmup;

import java.io.IOException;
import java.util.concurrent.TimeUnit;

/**
 * The synchronisation cost alone: acquire and close a guard, and a lookup in a table small
 * enough to stay in cache, with the handle's reader slot written per guard ({@code guardsPerPin=1})
 * or once per 1024 guards. Run with {@code -t 1} and {@code -t 2}: each thread has its own slot
 * line (with layout 1's shared counter, that line bounced between cores).
 */
@BenchmarkMode(Mode.AverageTime)
@OutputTimeUnit(TimeUnit.NANOSECONDS)
@Fork(value = 1, jvmArgsAppend = "--enable-native-access=ALL-UNNAMED")
@Warmup(iterations = 2, time = 1)
@Measurement(iterations = 3, time = 1)
@State(Scope.Benchmark)
public class ReadGuardBenchmark {

    private static final long KEYS = 6_000;

    @Param({"1", "1024"})
    public int guardsPerPin;

    FeatureStoreReader reader;

    @Setup(Level.Trial)
    public void setUp() throws IOException {
        reader = FeatureStoreReader.open(ReaderOptions.forPrefix(BenchStores.lookupStore(KEYS)).guardsPerPin(guardsPerPin));
    }

    @TearDown(Level.Trial)
    public void tearDown() {
        reader.close();
    }

    @State(Scope.Thread)
    public static class Reader {
        ReadHandle handle;
        float[] input = new float[BenchStores.FLOATS];
        long i;

        @Setup(Level.Trial)
        public void setUp(ReadGuardBenchmark bench) throws StoreException {
            handle = bench.reader.newHandle();
        }

        @TearDown(Level.Trial)
        public void tearDown() {
            handle.close();
        }
    }

    @Benchmark
    public boolean acquireClose(Reader r) {
        try (ReadGuard guard = r.handle.acquire()) {
            return guard.hasSnapshot();
        }
    }

    @Benchmark
    public boolean acquireHotLookup(Reader r) {
        try (ReadGuard guard = r.handle.acquire()) {
            return guard.table(0).copyTo(BenchStores.key(0, r.i++ & 511), r.input, 0);
        }
    }
}
