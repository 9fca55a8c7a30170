package dev.bliss.bot.features;

import dev.bliss.store.FeatureStoreReader;
import dev.bliss.store.ReaderOptions;
import dev.bliss.store.StoreException;
import java.lang.System.Logger.Level;
import java.nio.file.Path;
import java.util.concurrent.Executors;
import java.util.concurrent.ScheduledExecutorService;
import java.util.concurrent.TimeUnit;

/**
 * The process's connection to the feature store. The proxy may start before the feature service
 * has created the store, so opening is retried every second on a background thread until it
 * succeeds; event loops see the reader appear through one volatile load and never wait for it.
 *
 * <p>Thread-safe; shared by every event loop.
 */
public final class StoreConnection implements AutoCloseable {

    private static final System.Logger LOG = System.getLogger("dev.bliss.bot");

    private final Path prefix;
    private final ScheduledExecutorService opener;
    private volatile FeatureStoreReader reader;
    private volatile String lastError = "not opened yet";

    public StoreConnection(Path prefix) {
        this.prefix = prefix;
        this.opener = Executors.newSingleThreadScheduledExecutor(r -> Thread.ofPlatform().daemon().name("bliss-store-opener").unstarted(r));
        if (!tryOpen()) {
            LOG.log(Level.INFO, "feature store " + prefix + " not available yet (" + lastError + "); retrying every second, scoring without features meanwhile");
            opener.scheduleWithFixedDelay(() -> {
                if (tryOpen()) {
                    LOG.log(Level.INFO, "feature store " + prefix + " opened");
                    opener.shutdown();
                }
            }, 1, 1, TimeUnit.SECONDS);
        }
    }

    private boolean tryOpen() {
        try {
            reader = FeatureStoreReader.open(ReaderOptions.forPrefix(prefix));
            return true;
        } catch (StoreException e) {
            lastError = e.getMessage();
            return false;
        }
    }

    /** The reader, or null while the store does not exist. */
    public FeatureStoreReader reader() {
        return reader;
    }

    public Path prefix() {
        return prefix;
    }

    public String lastError() {
        return lastError;
    }

    @Override
    public void close() {
        opener.shutdownNow();
        FeatureStoreReader r = reader;
        if (r != null) {
            r.close();
        }
    }
}
