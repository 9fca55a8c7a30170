package dev.bliss.store;

import dev.bliss.store.layout.InstanceVersion;

/**
 * A published version that a reader refused to use; readers keep the previous snapshot.
 *
 * @param version the refused instance version word
 * @param reason what failed, e.g. {@code "data file is 4096 bytes, version says 8192 (truncated)"}
 */
public record SnapshotRejection(long version, String reason) {

    @Override
    public String toString() {
        return "rejected snapshot (" + InstanceVersion.describe(version) + "): " + reason;
    }
}
