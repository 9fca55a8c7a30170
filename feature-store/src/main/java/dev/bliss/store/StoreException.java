package dev.bliss.store;

import java.io.IOException;

/** A feature store operation failed; {@link #reason()} says which failure it is. */
public final class StoreException extends IOException {

    /** What went wrong. */
    public enum Reason {
        /** Another writer holds the store's writer lock. */
        WRITER_LOCKED,
        /** The file system could not allocate the data file (ENOSPC, or EFBIG over a file-size limit). */
        NO_SPACE,
        /** The state file does not exist or was not initialised by a writer yet. */
        NOT_INITIALISED,
        /** Every reader slot of the state file is owned by an open {@link ReadHandle}. */
        NO_READER_SLOT,
        /** The snapshot would exceed what a version word can describe (2^39 - 1 bytes). */
        TOO_LARGE,
        /** Any other I/O failure. */
        IO
    }

    private final Reason reason;

    public StoreException(Reason reason, String message) {
        super(message);
        this.reason = reason;
    }

    public StoreException(Reason reason, String message, Throwable cause) {
        super(message, cause);
        this.reason = reason;
    }

    public Reason reason() {
        return reason;
    }
}
