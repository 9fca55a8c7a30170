package dev.bliss.store;

/**
 * Why a reader stopped reading its store: one of its mapped files no longer holds what the
 * mapping expects. Another process can truncate or replace a file in the store directory at any
 * time; touching a mapped page past the end of its file raises SIGBUS, which the JVM reports as
 * an {@link InternalError}. A faulted reader hands out guards without a snapshot (callers fall
 * back as they do before the first publication) until {@link FeatureStoreReader#checkFiles()}
 * finds the files whole again.
 *
 * @param kind   what is wrong
 * @param detail the file and sizes, or the error, for logs and status pages
 */
public record StoreFault(Kind kind, String detail) {

    /** What is wrong with the store's files. */
    public enum Kind {
        /** The state file is shorter than its layout: every access to it would fault. */
        STATE_TRUNCATED,
        /** The state file at the path is another file than the one mapped: reopen the store. */
        STATE_REPLACED,
        /** The published data file is shorter than the version says. */
        DATA_TRUNCATED,
        /** A read faulted ({@link InternalError}) before a check saw why. */
        ACCESS_FAULT
    }

    /** Whether opening the store again (a new {@link FeatureStoreReader}) is the way back. */
    public boolean needsReopen() {
        return kind == Kind.STATE_REPLACED;
    }

    @Override
    public String toString() {
        return kind.name().toLowerCase(java.util.Locale.ROOT) + ": " + detail;
    }
}
