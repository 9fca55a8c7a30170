package dev.bliss.store;

import dev.bliss.store.layout.InstanceVersion;

/**
 * What one publication did.
 *
 * @param bytesWritten size of the snapshot in bytes
 * @param version the published instance version word (see {@link InstanceVersion})
 * @param sequence the snapshot's sequence number
 * @param readerCounterReset true when the grace period expired with reader slots still pinning
 *        the rewritten file, and the writer abandoned those pins (the name is from the counters
 *        the slots replaced). Only a crashed reader (or one that held a guard, or an idle pin,
 *        longer than the grace period) causes it; report it
 * @param graceWaitNanos how long the writer waited for that file's readers to leave
 */
public record WriteResult(long bytesWritten, long version, long sequence, boolean readerCounterReset,
                          long graceWaitNanos) {

    /** The data file index the snapshot went to. */
    public int dataFileIndex() {
        return InstanceVersion.index(version);
    }
}
