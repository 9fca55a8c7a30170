package dev.bliss.store;

/** Whether readers recompute the snapshot checksum when they switch to a new version. */
public enum ChecksumPolicy {
    /**
     * Check structure only (header, names, every table's bounds): microseconds per switch,
     * independent of the snapshot's size. The default for the proxy.
     */
    STRUCTURE_ONLY,
    /**
     * Also recompute the checksum over the whole snapshot and compare it with the version
     * word. Costs one pass over the data (about a second per GB here) on the one thread that
     * validates the switch; others keep the previous snapshot meanwhile. Call
     * {@link FeatureStoreReader#refresh()} from a background thread to keep it off event loops.
     */
    VERIFY_ON_SWITCH
}
