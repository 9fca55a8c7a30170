package dev.bliss.plugin;

import dev.bliss.plugin.config.ConfigSection;
import dev.bliss.plugin.field.FieldRegistry;
import java.nio.file.Path;

/** What a provider gets at startup to prepare its detectors. */
public interface DetectorContext {

    /** The name the detector is configured under ({@code plugins.<name>}). */
    String name();

    /**
     * The detector's own configuration section ({@code plugins.<name>.config}). Every key must
     * be read; keys left unread are reported as unknown when {@link DetectorProvider#prepare}
     * returns.
     */
    ConfigSection config();

    /** Where the detector declares the fields it produces and consumes. */
    FieldRegistry fields();

    /** The directory of the main configuration file, for resolving relative paths. */
    Path configDirectory();

    /** The number of event loops, hence of {@link Detector}s that will be made. */
    int eventLoops();

    /** Where the plugin's own counters and gauges go. */
    default PluginMetrics metrics() {
        return PluginMetrics.NONE;
    }

    /**
     * Whether the configuration is only being checked ({@code bliss check-config},
     * {@code bliss rules check}): validate everything and declare the fields as usual, but create
     * no files, start no threads and warm nothing up; the factory is closed without making a
     * detector.
     */
    default boolean checkOnly() {
        return false;
    }

    /**
     * A header name resolved for this host's request views, for {@link RequestView#header(HeaderName)};
     * call it at startup and keep the result.
     *
     * @throws IllegalArgumentException when {@code name} is not an HTTP token
     */
    default HeaderName headerName(String name) {
        return HeaderName.of(name);
    }
}
