package dev.bliss.features;

import dev.bliss.features.cluster.ClusterSettings;
import dev.bliss.plugin.config.ConfigException;
import dev.bliss.plugin.config.ConfigSection;
import dev.bliss.store.StorePaths;
import dev.bliss.store.events.RequestEventLayout;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;

/**
 * The {@code feature_service} section of bliss.yaml. Paths are relative to bliss.yaml's directory.
 *
 * <pre>
 *   embedded: true                   bliss run starts the service in its own JVM (own threads)
 *   features: features.yaml          the schema shared with the bot-management plugin
 *   store: /dev/shm/bliss/features   the store's path prefix (the plugin's store: must match)
 *   events_ring: &lt;store dir&gt;/events  the rings' directory the plugin writes (its events_ring: must match)
 *   ring_count: 8                    rings, one per producing event loop (of every proxy on the host)
 *   ring_capacity: 2097152           bytes of records in each ring the service creates (power of two)
 *   publish_interval: 1s
 *   time: wall                       wall: windows on this machine's clock; event: on the events' own
 *                                    timestamps (the latest so far is "now"; the lab and log replays)
 *   admin: {enabled: true, host: 127.0.0.1, port: 9902,
 *           allowed_hosts: [],       Host names answered besides the bound address and localhost
 *           import_directory: none,  where POST /import?source= may read files; none: bodies only
 *           max_import_size: 268435456}  bytes of the largest import
 *   cluster: {kafka: {bootstrap_servers: …}, …}   fleet-wide features (see ClusterSettings); absent: off
 * </pre>
 *
 * @param embedded whether {@code bliss run} starts the service
 * @param features the features.yaml to read the schema from
 */
public record FeatureServiceSettings(boolean embedded, Path features, FeatureServiceOptions options) {

    /** Reads the section ({@code section} may be empty: every key has a default). */
    public static FeatureServiceSettings read(ConfigSection section, Path base) throws ConfigException {
        boolean embedded = section.bool("embedded", true);
        Path features = base.resolve(section.string("features", "features.yaml"));
        String storeText = section.string("store", null);
        Path store = storeText == null ? StorePaths.defaultPrefix() : base.resolve(storeText);
        String ringText = section.string("events_ring", null);
        Path ring = ringText == null ? RequestEventLayout.ringFile(store) : base.resolve(ringText);
        FeatureServiceOptions options = new FeatureServiceOptions().storePrefix(store).eventsRing(ring);
        long capacity = section.integer("ring_capacity", FeatureServiceOptions.DEFAULT_RING_CAPACITY);
        try {
            options.ringCapacity((int) Math.min(Integer.MAX_VALUE, capacity));
        } catch (IllegalArgumentException e) {
            throw section.error("ring_capacity", e.getMessage());
        }
        long count = section.integer("ring_count", FeatureServiceOptions.DEFAULT_RING_COUNT);
        try {
            options.ringCount((int) Math.min(Integer.MAX_VALUE, count));
        } catch (IllegalArgumentException e) {
            throw section.error("ring_count", e.getMessage());
        }
        Duration interval = section.duration("publish_interval", FeatureServiceOptions.DEFAULT_PUBLISH_INTERVAL);
        try {
            options.publishInterval(interval);
        } catch (IllegalArgumentException e) {
            throw section.error("publish_interval", e.getMessage());
        }
        String time = section.string("time", "wall");
        switch (time) {
            case "wall" -> options.eventTime(false);
            case "event" -> options.eventTime(true);
            default -> throw section.error("time", "expected wall or event, not \"" + time + '"');
        }
        ConfigSection admin = section.section("admin");
        if (admin.bool("enabled", true)) {
            options.admin(admin.string("host", FeatureServiceOptions.DEFAULT_ADMIN_HOST),
                    admin.integer("port", FeatureServiceOptions.DEFAULT_ADMIN_PORT, 0, 65535));
            options.adminAllowedHosts(admin.strings("allowed_hosts"));
            String importDirectory = admin.string("import_directory", null);
            if (importDirectory != null) {
                Path dir = base.resolve(importDirectory);
                if (!Files.isDirectory(dir)) {
                    throw admin.error("import_directory", dir + " is not a directory");
                }
                options.importDirectory(dir);
            }
            long maxImport = admin.integer("max_import_size", FeatureServiceOptions.DEFAULT_MAX_IMPORT_BYTES);
            try {
                options.maxImportBytes(maxImport);
            } catch (IllegalArgumentException e) {
                throw admin.error("max_import_size", e.getMessage());
            }
        } else {
            options.adminDisabled();
            for (String unused : new String[] {"host", "port", "allowed_hosts", "import_directory", "max_import_size"}) {
                admin.node(unused); // known keys of a disabled endpoint: not errors
            }
        }
        admin.requireNoUnknownKeys();
        options.cluster(ClusterSettings.read(section.section("cluster")));
        section.requireNoUnknownKeys();
        return new FeatureServiceSettings(embedded, features, options);
    }
}
