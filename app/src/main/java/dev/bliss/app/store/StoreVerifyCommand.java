package dev.bliss.app.store;

import dev.bliss.store.ChecksumPolicy;
import dev.bliss.store.FeatureStoreReader;
import dev.bliss.store.ReadGuard;
import dev.bliss.store.ReadHandle;
import dev.bliss.store.ReaderOptions;
import dev.bliss.store.StoreException;
import dev.bliss.store.StoreStatus;
import dev.bliss.store.layout.InstanceVersion;
import picocli.CommandLine.Command;
import picocli.CommandLine.Parameters;

import java.nio.file.Path;
import java.util.concurrent.Callable;

/** {@code bliss store verify <prefix>}: structure and checksum of the published snapshot; exit 1 on failure. */
@Command(name = "verify", mixinStandardHelpOptions = true,
        description = "Check the published snapshot's structure and checksum. Exit 0 when valid, 1 when not, 2 when there is no store.")
public final class StoreVerifyCommand implements Callable<Integer> {

    @Parameters(index = "0", paramLabel = "PREFIX", description = "Store path prefix")
    Path prefix;

    @Override
    public Integer call() {
        try (FeatureStoreReader reader = FeatureStoreReader.open(ReaderOptions.forPrefix(prefix)
                .checksumPolicy(ChecksumPolicy.VERIFY_ON_SWITCH));
             ReadHandle handle = reader.newHandle();
             ReadGuard guard = handle.acquire()) {
            StoreStatus status = reader.status();
            if (!status.published()) {
                System.out.println("FAIL: nothing published at " + reader.prefix());
                return 1;
            }
            if (!guard.hasSnapshot() || guard.version() != status.version()) {
                System.out.println("FAIL: " + (reader.lastRejection() != null ? reader.lastRejection().reason()
                        : "published version changed while verifying; run again"));
                return 1;
            }
            System.out.println("OK: " + InstanceVersion.describe(guard.version()) + ", sequence " + guard.sequence()
                    + ", " + guard.dimensionCount() + " dimensions: structure and checksum valid");
            return 0;
        } catch (StoreException e) {
            System.err.println("bliss store verify: " + e.getMessage());
            return 2;
        }
    }
}
