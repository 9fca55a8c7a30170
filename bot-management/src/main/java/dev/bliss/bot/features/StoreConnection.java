package dev.bliss.bot.features;

import dev.bliss.store.FeatureStoreReader;
import dev.bliss.store.ReaderOptions;
import dev.bliss.store.StoreException;
import dev.bliss.store.StoreFault;
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
 * <p>Once open, the same thread measures the store's files every second
 * ({@link FeatureStoreReader#checkFiles()}): a file cut short by another process marks the
 * reader faulted, so event loops stop reading it before they fault on it, and the mark is cleared
 * when the writer has made the files whole again. A state file replaced by another (the store
 * directory was cleared and a feature service created a new store) is opened afresh; the old
 * reader is left open, since event loops may still hold its guards, and its mappings stay until
 * the process ends. Each change is logged once.
 *
 * <p>Thread-safe; shared by every event loop.
 */
public final class StoreConnection implements AutoCloseable {

    private static final System.Logger LOG = System.getLogger("dev.bliss.bot");

    private final Path prefix;
    private final ScheduledExecutorService opener;
    private volatile FeatureStoreReader reader;
    private volatile String lastError = "not opened yet";
    /** The fault last logged; watcher thread only. */
    private StoreFault loggedFault;

    public StoreConnection(Path prefix) {
        this.prefix = prefix;
        this.opener = Executors.newSingleThreadScheduledExecutor(r -> Thread.ofPlatform().daemon().name("bliss-store-opener").unstarted(r));
        if (!tryOpen()) {
            LOG.log(Level.INFO, "feature store " + prefix + " not available yet (" + lastError + "); retrying every second, scoring without features meanwhile");
        }
        opener.scheduleWithFixedDelay(this::watch, 1, 1, TimeUnit.SECONDS);
    }

    private void watch() {
        FeatureStoreReader r = reader;
        if (r == null) {
            if (tryOpen()) {
                LOG.log(Level.INFO, "feature store " + prefix + " opened");
            }
            return;
        }
        StoreFault met = r.fault();
        if (met != null && met.kind() == StoreFault.Kind.ACCESS_FAULT && !met.equals(loggedFault)) {
            LOG.log(Level.WARNING, "feature store " + prefix + ": a read faulted (" + met.detail()
                    + "), a file cut short by another process; checking the files");
            loggedFault = met;
        }
        StoreFault fault = r.checkFiles();
        if (fault != null && fault.needsReopen() && tryOpen()) {
            LOG.log(Level.WARNING, "feature store " + prefix + ": " + fault + "; opened the new one");
            loggedFault = null;
            return;
        }
        if (fault != null && !fault.equals(loggedFault)) {
            LOG.log(Level.WARNING, "feature store " + prefix + " not read, scoring without features: " + fault
                    + "; checking every second, reading again once the feature service has restored it");
        } else if (fault == null && loggedFault != null) {
            LOG.log(Level.INFO, "feature store " + prefix + " whole again; reading it");
        }
        loggedFault = fault;
    }

    /** Why the store is not read right now, or null. Any thread. */
    public StoreFault fault() {
        FeatureStoreReader r = reader;
        return r == null ? null : r.fault();
    }

    private boolean tryOpen() {
        try {
            reader = FeatureStoreReader.open(ReaderOptions.forPrefix(prefix));
            return true;
        } catch (StoreException e) {
            lastError = e.getMessage();
            return false;
        } catch (InternalError e) {
            lastError = "state file cut short while opening it: " + e.getMessage();
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
