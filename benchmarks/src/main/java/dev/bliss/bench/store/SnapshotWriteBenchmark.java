package dev.bliss.bench.store;

import dev.bliss.store.Durability;
import dev.bliss.store.FeatureStoreWriter;
import dev.bliss.store.WriteResult;
import dev.bliss.store.WriterOptions;
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
import java.nio.file.Files;
import java.time.Duration;
import java.util.concurrent.TimeUnit;

/**
 * Time to write and publish one snapshot of {@code keys} keys x 32 floats (6 dimensions) into
 * tmpfs: zero-fill, inserts straight into the mapped file, checksum, publication. Single shot:
 * each iteration is one whole snapshot; files alternate as in production.
 */
@BenchmarkMode(Mode.SingleShotTime)
@OutputTimeUnit(TimeUnit.MILLISECONDS)
@Fork(value = 1, jvmArgsAppend = {"--enable-native-access=ALL-UNNAMED", "-Xmx1g"})
@Warmup(iterations = 1)
@Measurement(iterations = 3)
@State(Scope.Benchmark)
public class SnapshotWriteBenchmark {

    @Param({"10000000"})
    public long keys;

    FeatureStoreWriter writer;
    long sequence;

    @Setup(Level.Trial)
    public void setUp() throws IOException {
        Files.createDirectories(BenchStores.ROOT);
        writer = FeatureStoreWriter.open(WriterOptions.forPrefix(BenchStores.ROOT.resolve("write-" + keys))
                .durability(Durability.NONE).gracePeriod(Duration.ofSeconds(1)));
    }

    @TearDown(Level.Trial)
    public void tearDown() {
        writer.close();
    }

    @Benchmark
    public WriteResult writeSnapshot() throws IOException {
        return BenchStores.publish(writer, keys, ++sequence);
    }
}
