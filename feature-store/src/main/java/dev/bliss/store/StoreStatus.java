package dev.bliss.store;

import dev.bliss.store.layout.InstanceVersion;
import dev.bliss.store.layout.StateLayout;

/**
 * The state file as seen at one moment: the published version and the pinned readers.
 *
 * @param version the published instance version word, {@link InstanceVersion#UNSET} if none
 * @param writingIndex the data file being rewritten by the writer, or -1
 * @param readers how many reader slots pin data files 0 and 1 (pins the writer abandoned after
 *        its grace period are not counted)
 * @param writerPid the pid of the writer that last opened the store
 */
public record StoreStatus(long version, int writingIndex, long[] readers, long writerPid) {

    static int writingIndex(int marker) {
        return marker == StateLayout.NOT_WRITING ? -1 : marker - 1;
    }

    public boolean published() {
        return InstanceVersion.isSet(version);
    }

    public int dataFileIndex() {
        return InstanceVersion.index(version);
    }

    public long sizeBytes() {
        return InstanceVersion.size(version);
    }

    public int checksum24() {
        return InstanceVersion.checksum(version);
    }
}
