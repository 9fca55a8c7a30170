package dev.bliss.store;

import java.nio.file.Path;
import java.time.Duration;
import java.util.Objects;

/**
 * How a {@link FeatureStoreWriter} opens a store. Fluent; not thread-safe; copied by the writer.
 */
public final class WriterOptions {

    /** Default grace period: 5 s. Far above any reader's guard; only a dead reader should reach it. */
    public static final Duration DEFAULT_GRACE_PERIOD = Duration.ofSeconds(5);
    /** Default interval between scans of the reader slots while waiting: 200 µs. */
    public static final Duration DEFAULT_POLL_INTERVAL = Duration.ofNanos(200_000);
    /** Default durability: {@link Durability#AUTO}. */
    public static final Durability DEFAULT_DURABILITY = Durability.AUTO;

    private final Path prefix;
    private Duration gracePeriod = DEFAULT_GRACE_PERIOD;
    private Duration pollInterval = DEFAULT_POLL_INTERVAL;
    private Durability durability = DEFAULT_DURABILITY;

    private WriterOptions(Path prefix) {
        this.prefix = Objects.requireNonNull(prefix, "prefix");
    }

    /** Options for the store with path prefix {@code prefix} (files {@code prefix_state}, ...). */
    public static WriterOptions forPrefix(Path prefix) {
        return new WriterOptions(prefix);
    }

    /** How long a write waits for the readers of the file it rewrites before abandoning their pins. */
    public WriterOptions gracePeriod(Duration gracePeriod) {
        if (gracePeriod.isNegative()) {
            throw new IllegalArgumentException("negative grace period");
        }
        this.gracePeriod = gracePeriod;
        return this;
    }

    /** How often the waiting writer re-scans the reader slots. */
    public WriterOptions pollInterval(Duration pollInterval) {
        if (pollInterval.isNegative() || pollInterval.isZero()) {
            throw new IllegalArgumentException("poll interval must be positive");
        }
        this.pollInterval = pollInterval;
        return this;
    }

    public WriterOptions durability(Durability durability) {
        this.durability = Objects.requireNonNull(durability);
        return this;
    }

    public Path prefix() {
        return prefix;
    }

    public Duration gracePeriod() {
        return gracePeriod;
    }

    public Duration pollInterval() {
        return pollInterval;
    }

    public Durability durability() {
        return durability;
    }
}
