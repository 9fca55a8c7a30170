package dev.bliss.store;

import java.nio.file.Files;
import java.nio.file.Path;

/**
 * Names of a store's files. A store is identified by a path prefix {@code P}; its files are
 * {@code P_state}, {@code P_data_0} and {@code P_data_1}.
 */
public final class StorePaths {

    /** Suffix of the state file. */
    public static final String STATE_SUFFIX = "_state";
    /** Suffix of a data file, followed by its index. */
    public static final String DATA_SUFFIX = "_data_";

    private StorePaths() {
    }

    /**
     * The default store directory: {@code /dev/shm/bliss} where /dev/shm exists (tmpfs: shared
     * memory, nothing written to disk), otherwise {@code bliss} under the system temp dir.
     */
    public static Path defaultDirectory() {
        Path shm = Path.of("/dev/shm");
        if (Files.isDirectory(shm)) {
            return shm.resolve("bliss");
        }
        return Path.of(System.getProperty("java.io.tmpdir"), "bliss");
    }

    /** The default prefix for the features store: {@code <default directory>/features}. */
    public static Path defaultPrefix() {
        return defaultDirectory().resolve("features");
    }

    /** {@code P_state}. */
    public static Path state(Path prefix) {
        return prefix.resolveSibling(prefix.getFileName() + STATE_SUFFIX);
    }

    /** {@code P_data_<index>}. */
    public static Path data(Path prefix, int index) {
        return prefix.resolveSibling(prefix.getFileName() + DATA_SUFFIX + index);
    }
}
