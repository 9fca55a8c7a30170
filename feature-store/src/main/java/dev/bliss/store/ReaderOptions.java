package dev.bliss.store;

import java.nio.file.Path;
import java.util.Objects;
import java.util.function.Consumer;

/** How a {@link FeatureStoreReader} opens a store. Fluent; not thread-safe; copied on open. */
public final class ReaderOptions {

    /**
     * Default guards per pin: 1, i.e. every guard stores a pin into its handle's slot and clears
     * it on close. See {@link #guardsPerPin(int)} and the module README for the measurement behind it.
     */
    public static final int DEFAULT_GUARDS_PER_PIN = 1;
    /** Default checksum policy: {@link ChecksumPolicy#STRUCTURE_ONLY}. */
    public static final ChecksumPolicy DEFAULT_CHECKSUM_POLICY = ChecksumPolicy.STRUCTURE_ONLY;

    private final Path prefix;
    private int guardsPerPin = DEFAULT_GUARDS_PER_PIN;
    private ChecksumPolicy checksumPolicy = DEFAULT_CHECKSUM_POLICY;
    private boolean schemaHashExpected;
    private long expectedSchemaHash;
    private Consumer<SnapshotRejection> rejectionListener = rejection -> { };

    private ReaderOptions(Path prefix) {
        this.prefix = Objects.requireNonNull(prefix, "prefix");
    }

    /** Options for the store with path prefix {@code prefix}. */
    public static ReaderOptions forPrefix(Path prefix) {
        return new ReaderOptions(prefix);
    }

    /**
     * How many consecutive guards a {@link ReadHandle} serves from one pin (a store into its
     * slot of the state file), as long as the published version does not change. 1 (the default)
     * writes the slot twice per guard. Larger values write it once per that many guards, but a
     * pinned handle keeps its file counted between guards, so its owner must call
     * {@link ReadHandle#releasePin()} when it goes idle (an event-loop timer every few ms),
     * or the writer waits out its grace period and abandons the pin.
     */
    public ReaderOptions guardsPerPin(int guards) {
        if (guards < 1) {
            throw new IllegalArgumentException("guardsPerPin must be >= 1");
        }
        this.guardsPerPin = guards;
        return this;
    }

    public ReaderOptions checksumPolicy(ChecksumPolicy policy) {
        this.checksumPolicy = Objects.requireNonNull(policy);
        return this;
    }

    /** Rejects snapshots whose schema hash differs; by default any schema hash is accepted. */
    public ReaderOptions expectedSchemaHash(long schemaHash) {
        this.schemaHashExpected = true;
        this.expectedSchemaHash = schemaHash;
        return this;
    }

    /**
     * Called once per rejected version, on the reader thread that validated it (keep it short:
     * count, log rate-limited).
     */
    public ReaderOptions onRejection(Consumer<SnapshotRejection> listener) {
        this.rejectionListener = Objects.requireNonNull(listener);
        return this;
    }

    public Path prefix() {
        return prefix;
    }

    public int guardsPerPin() {
        return guardsPerPin;
    }

    public ChecksumPolicy checksumPolicy() {
        return checksumPolicy;
    }

    public boolean schemaHashExpected() {
        return schemaHashExpected;
    }

    public long expectedSchemaHash() {
        return expectedSchemaHash;
    }

    public Consumer<SnapshotRejection> rejectionListener() {
        return rejectionListener;
    }

    ReaderOptions copy(Path absolutePrefix) {
        ReaderOptions copy = new ReaderOptions(absolutePrefix);
        copy.guardsPerPin = guardsPerPin;
        copy.checksumPolicy = checksumPolicy;
        copy.schemaHashExpected = schemaHashExpected;
        copy.expectedSchemaHash = expectedSchemaHash;
        copy.rejectionListener = rejectionListener;
        return copy;
    }
}
