package dev.bliss.app.store;

import dev.bliss.store.FeatureStoreReader;
import dev.bliss.store.FeatureTable;
import dev.bliss.store.ReadGuard;
import dev.bliss.store.ReadHandle;
import dev.bliss.store.ReaderOptions;
import dev.bliss.store.StoreException;
import dev.bliss.store.StoreStatus;
import dev.bliss.store.layout.InstanceVersion;
import picocli.CommandLine.Command;
import picocli.CommandLine.Parameters;

import java.io.PrintStream;
import java.nio.file.Path;
import java.time.Instant;
import java.util.concurrent.Callable;

/** {@code bliss store inspect <prefix>}: version, size, checksum, readers, dimensions and key counts. */
@Command(name = "inspect", mixinStandardHelpOptions = true,
        description = "Print the published version, its size, checksum, creation time and each dimension's key count.")
public final class StoreInspectCommand implements Callable<Integer> {

    @Parameters(index = "0", paramLabel = "PREFIX", description = "Store path prefix, e.g. /dev/shm/bliss/features")
    Path prefix;

    @Override
    public Integer call() {
        PrintStream out = System.out;
        try (FeatureStoreReader reader = FeatureStoreReader.open(ReaderOptions.forPrefix(prefix));
             ReadHandle handle = reader.newHandle()) {
            StoreStatus status = reader.status();
            out.println("store       " + reader.prefix());
            out.println("version     0x" + Long.toHexString(status.version()) + " (" + InstanceVersion.describe(status.version()) + ")");
            out.println("readers     data_0=" + status.readers()[0] + " data_1=" + status.readers()[1] + " pinned"
                    + (status.writingIndex() < 0 ? "" : "  (writer is rewriting data_" + status.writingIndex() + ")"));
            out.println("writer pid  " + status.writerPid());
            try (ReadGuard guard = handle.acquire()) {
                if (!guard.hasSnapshot()) {
                    out.println("snapshot    none" + (reader.lastRejection() == null ? " published" : ": " + reader.lastRejection()));
                    return status.published() ? 1 : 0;
                }
                out.println("sequence    " + guard.sequence());
                out.println("created at  " + Instant.ofEpochMilli(guard.createdAtMillis()) + " (" + guard.createdAtMillis() + ")");
                out.println("schema hash 0x" + Long.toHexString(guard.schemaHash()));
                out.println("dimensions  " + guard.dimensionCount());
                out.printf("  %-4s %-24s %12s %12s %8s %9s%n", "#", "name", "keys", "slots", "floats", "max probe");
                for (int d = 0; d < guard.dimensionCount(); d++) {
                    FeatureTable t = guard.table(d);
                    out.printf("  %-4d %-24s %12d %12d %8d %9d%n", d, t.name(), t.keyCount(), t.capacity(),
                            t.vectorLength(), t.maxDisplacement());
                }
            }
            return 0;
        } catch (StoreException e) {
            System.err.println("bliss store inspect: " + e.getMessage());
            return 2;
        }
    }
}
