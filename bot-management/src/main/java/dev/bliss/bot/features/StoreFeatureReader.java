package dev.bliss.bot.features;

import dev.bliss.bot.keys.RequestKeys;
import dev.bliss.store.FeatureStoreReader;
import dev.bliss.store.LookupBatch;
import dev.bliss.store.ReadGuard;
import dev.bliss.store.ReadHandle;
import dev.bliss.store.StoreException;
import dev.bliss.store.schema.FeatureSchema;

/**
 * Reads one request's inter-request features into the model input: one lookup per dimension
 * key, issued together as a {@link LookupBatch} so their cache misses overlap, copied to the
 * dimension's place in the input vector; a key the store lacks gets the schema's defaults.
 *
 * <p>One per event loop (it owns that loop's {@link ReadHandle} and batch). Allocation-free once
 * the store is open. The mapping from schema dimensions to the snapshot's tables is resolved by
 * name once per snapshot version, never per request.
 *
 * <p>A fault while reading (a store file truncated by another process: the JVM raises the
 * SIGBUS as an {@link InternalError}) is caught here and reported to the reader, which stops
 * handing out snapshots until {@link StoreConnection}'s check finds the files whole; meanwhile
 * requests get the defaults with {@link FeatureAvailability#STORE_FAULT}.
 */
public final class StoreFeatureReader {

    private final StoreConnection store;
    private final long schemaHash;
    private final long maxAgeMillis;
    private final String[] dimensionNames;
    private final int[] inputOffsets;
    private final int[] lengths;
    private final float[] defaults;
    private final int[] tableOf;
    private final int[] entryOf;
    private final LookupBatch batch;
    private ReadHandle handle;
    private FeatureStoreReader handleReader;
    private long mappedVersion = Long.MIN_VALUE;
    /** When a refused handle may be asked for again: claiming one makes system calls. */
    private long nextHandleAttemptMillis;

    public StoreFeatureReader(StoreConnection store, FeatureSchema schema, long maxAgeMillis) {
        this.store = store;
        this.schemaHash = schema.hash();
        this.maxAgeMillis = maxAgeMillis;
        int n = schema.dimensions().size();
        this.dimensionNames = new String[n];
        this.inputOffsets = new int[n];
        this.lengths = new int[n];
        for (int i = 0; i < n; i++) {
            dimensionNames[i] = schema.dimensions().get(i).name();
            inputOffsets[i] = schema.inputOffset(i);
            lengths[i] = schema.dimensions().get(i).features().size();
        }
        this.defaults = schema.defaults();
        this.tableOf = new int[n];
        this.entryOf = new int[n];
        this.batch = new LookupBatch(Math.max(1, n));
    }

    /**
     * Fills every dimension's features of {@code input}: from the store when it is available,
     * else with the defaults.
     *
     * @return whether the store's features were used, and if not why
     */
    public FeatureAvailability read(RequestKeys keys, float[] input, long nowMillis) {
        FeatureAvailability availability = lookUp(keys, input, nowMillis);
        if (availability != FeatureAvailability.AVAILABLE) {
            for (int i = 0; i < dimensionNames.length; i++) {
                System.arraycopy(defaults, inputOffsets[i], input, inputOffsets[i], lengths[i]);
            }
        }
        return availability;
    }

    private FeatureAvailability lookUp(RequestKeys keys, float[] input, long nowMillis) {
        FeatureStoreReader reader = store.reader();
        if (reader == null) {
            return FeatureAvailability.STORE_MISSING;
        }
        if (reader != handleReader && !openHandle(reader, nowMillis)) { // first use, or a replaced store reopened
            return FeatureAvailability.STORE_MISSING;
        }
        if (reader.fault() != null) {
            return FeatureAvailability.STORE_FAULT;
        }
        try {
            return lookUp(reader, keys, input, nowMillis);
        } catch (InternalError e) {
            // a data file cut short under its mapping (SIGBUS): stop reading the store until the
            // connection's check finds it whole; this loop meets at most this one fault
            reader.reportFault(e);
            return FeatureAvailability.STORE_FAULT;
        }
    }

    /**
     * Makes this loop's handle on {@code reader}, releasing the slot of the one on the reader it
     * replaces. A refusal (every reader slot of the store owned, or the state file cut short) is
     * retried at most once a second, and scores use the defaults meanwhile.
     */
    private boolean openHandle(FeatureStoreReader reader, long nowMillis) {
        if (nowMillis < nextHandleAttemptMillis) {
            return false;
        }
        if (handle != null) {
            handle.close(); // a slot in the replaced store's state file; never with a guard open here
            handle = null;
        }
        try {
            handle = reader.newHandle();
        } catch (StoreException e) {
            nextHandleAttemptMillis = nowMillis + 1_000;
            return false;
        }
        handleReader = reader;
        mappedVersion = Long.MIN_VALUE;
        return true;
    }

    private FeatureAvailability lookUp(FeatureStoreReader reader, RequestKeys keys, float[] input, long nowMillis) {
        try (ReadGuard guard = handle.acquire()) {
            if (!guard.hasSnapshot()) {
                return reader.fault() != null ? FeatureAvailability.STORE_FAULT : FeatureAvailability.STORE_MISSING;
            }
            if (guard.schemaHash() != schemaHash) {
                return FeatureAvailability.SCHEMA_MISMATCH;
            }
            if (nowMillis - guard.createdAtMillis() > maxAgeMillis) {
                return FeatureAvailability.STALE;
            }
            if (guard.version() != mappedVersion) {
                for (int i = 0; i < dimensionNames.length; i++) {
                    tableOf[i] = guard.dimensionIndex(dimensionNames[i]);
                }
                mappedVersion = guard.version();
            }
            batch.clear();
            for (int i = 0; i < dimensionNames.length; i++) {
                entryOf[i] = keys.has(i) && tableOf[i] >= 0 ? batch.add(guard.table(tableOf[i]), keys.key(i)) : -1;
            }
            batch.locate();
            for (int i = 0; i < dimensionNames.length; i++) {
                if (entryOf[i] < 0 || !batch.copyTo(entryOf[i], input, inputOffsets[i])) {
                    System.arraycopy(defaults, inputOffsets[i], input, inputOffsets[i], lengths[i]);
                }
            }
            batch.clear();
            return FeatureAvailability.AVAILABLE;
        }
    }
}
