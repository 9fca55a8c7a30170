package dev.bliss.features;

import dev.bliss.features.cluster.ClusterSettings;
import dev.bliss.store.StorePaths;
import dev.bliss.store.events.RequestEventLayout;
import java.nio.file.Path;
import java.time.Duration;
import java.util.Objects;
import java.util.function.LongSupplier;

/**
 * How a {@link FeatureService} runs. Fluent; not thread-safe; read once by {@link FeatureService#start}.
 * The bliss.yaml form is {@link FeatureServiceSettings}.
 */
public final class FeatureServiceOptions {

    /** Default publish interval: 1 s. */
    public static final Duration DEFAULT_PUBLISH_INTERVAL = Duration.ofSeconds(1);
    /** Default admin host: loopback. */
    public static final String DEFAULT_ADMIN_HOST = "127.0.0.1";
    /** Default admin port: 9902 (the proxy's admin is 9901). */
    public static final int DEFAULT_ADMIN_PORT = 9902;
    /** Default capacity of each ring: {@link RequestEventLayout#DEFAULT_CAPACITY} (2 MiB). */
    public static final int DEFAULT_RING_CAPACITY = RequestEventLayout.DEFAULT_CAPACITY;
    /** Default number of rings, one per producing event loop: {@link RequestEventLayout#DEFAULT_RING_COUNT} (8). */
    public static final int DEFAULT_RING_COUNT = RequestEventLayout.DEFAULT_RING_COUNT;
    /** Default largest POST /import body or file: 256 MiB. */
    public static final long DEFAULT_MAX_IMPORT_BYTES = 256L << 20;

    /** Default records evaluated per frame chunk between two ring polls: 4096 (about a millisecond). */
    public static final int DEFAULT_FRAME_CHUNK = 4096;

    private Path storePrefix = StorePaths.defaultPrefix();
    private Path eventsRing;
    private int ringCapacity = DEFAULT_RING_CAPACITY;
    private int ringCount = DEFAULT_RING_COUNT;
    private Duration publishInterval = DEFAULT_PUBLISH_INTERVAL;
    private boolean adminEnabled = true;
    private String adminHost = DEFAULT_ADMIN_HOST;
    private int adminPort = DEFAULT_ADMIN_PORT;
    private java.util.List<String> adminAllowedHosts = java.util.List.of();
    private Path importDirectory;
    private long maxImportBytes = DEFAULT_MAX_IMPORT_BYTES;
    private int frameChunk = DEFAULT_FRAME_CHUNK;
    private LongSupplier clock = System::currentTimeMillis;
    private ClusterSettings cluster;
    private boolean eventTime;

    /** The feature store's path prefix (default {@link StorePaths#defaultPrefix()}). */
    public FeatureServiceOptions storePrefix(Path prefix) {
        this.storePrefix = Objects.requireNonNull(prefix);
        return this;
    }

    /** The events rings' directory (default: {@code events} beside the store's files). */
    public FeatureServiceOptions eventsRing(Path ring) {
        this.eventsRing = ring;
        return this;
    }

    /** Bytes of records in each ring this service creates; a power of two. */
    public FeatureServiceOptions ringCapacity(int capacity) {
        this.ringCapacity = RequestEventLayout.checkCapacity(capacity);
        return this;
    }

    /**
     * Rings this service creates, one per producing event loop (of every proxy on the host); loops
     * beyond it drop their events ({@code ring_missing}). Memory: count x (capacity + 768) bytes.
     */
    public FeatureServiceOptions ringCount(int count) {
        this.ringCount = RequestEventLayout.checkRingCount(count);
        return this;
    }

    public FeatureServiceOptions publishInterval(Duration interval) {
        if (interval.toMillis() < 10) {
            throw new IllegalArgumentException("publish interval must be at least 10 ms");
        }
        this.publishInterval = interval;
        return this;
    }

    /** The loopback admin endpoint: health, metrics, features, import. Port 0 picks one. */
    public FeatureServiceOptions admin(String host, int port) {
        this.adminEnabled = true;
        this.adminHost = Objects.requireNonNull(host);
        this.adminPort = port;
        return this;
    }

    /**
     * Host names the admin endpoint answers to besides its bound address and localhost (a
     * request with another Host is refused: DNS rebinding).
     */
    public FeatureServiceOptions adminAllowedHosts(java.util.List<String> hosts) {
        this.adminAllowedHosts = java.util.List.copyOf(hosts);
        return this;
    }

    public java.util.List<String> adminAllowedHosts() {
        return adminAllowedHosts;
    }

    /** The directory {@code POST /import?source=} may read files from; null (default): bodies only. */
    public FeatureServiceOptions importDirectory(Path directory) {
        this.importDirectory = directory;
        return this;
    }

    public Path importDirectory() {
        return importDirectory;
    }

    /** The largest import body or file, in bytes. */
    public FeatureServiceOptions maxImportBytes(long bytes) {
        if (bytes < 1) {
            throw new IllegalArgumentException("max_import_size must be at least 1 byte");
        }
        this.maxImportBytes = bytes;
        return this;
    }

    public long maxImportBytes() {
        return maxImportBytes;
    }

    public FeatureServiceOptions adminDisabled() {
        this.adminEnabled = false;
        return this;
    }

    public FeatureServiceOptions frameChunk(int records) {
        if (records < 1) {
            throw new IllegalArgumentException("frame chunk must be positive");
        }
        this.frameChunk = records;
        return this;
    }

    /** The wall clock windows are evaluated against (tests move it by hand). */
    public FeatureServiceOptions clock(LongSupplier epochMillis) {
        this.clock = Objects.requireNonNull(epochMillis);
        return this;
    }

    /** The fleet's Kafka cluster (null, the default: this node alone, nothing extra started). */
    public FeatureServiceOptions cluster(ClusterSettings settings) {
        this.cluster = settings;
        return this;
    }

    public ClusterSettings cluster() {
        return cluster;
    }

    /**
     * Windows run on event time: "now" is the latest timestamp among the events taken so far (the
     * events' own times, as the proxy stamped them), not the clock. Publication, evaluation and
     * eviction then follow the traffic: a simulator that stamps hours of traffic and sends it in
     * minutes, or a replayed detection log, sees the windows a live run of that traffic would.
     * The publish interval is then in event time too.
     */
    public FeatureServiceOptions eventTime(boolean on) {
        this.eventTime = on;
        return this;
    }

    public boolean eventTime() {
        return eventTime;
    }

    public Path storePrefix() {
        return storePrefix;
    }

    public Path eventsRing() {
        return eventsRing != null ? eventsRing : RequestEventLayout.ringFile(storePrefix);
    }

    public int ringCapacity() {
        return ringCapacity;
    }

    public int ringCount() {
        return ringCount;
    }

    public Duration publishInterval() {
        return publishInterval;
    }

    public boolean adminEnabled() {
        return adminEnabled;
    }

    public String adminHost() {
        return adminHost;
    }

    public int adminPort() {
        return adminPort;
    }

    public int frameChunk() {
        return frameChunk;
    }

    public LongSupplier clock() {
        return clock;
    }
}
