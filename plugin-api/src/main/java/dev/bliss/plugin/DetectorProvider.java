package dev.bliss.plugin;

import dev.bliss.plugin.config.ConfigException;

/**
 * The entry point of a detector plugin, found with {@link java.util.ServiceLoader}: list the
 * implementation in {@code META-INF/services/dev.bliss.plugin.DetectorProvider} and put the jar
 * on the class path or in the {@code plugins/} directory. bliss's own detectors are found the
 * same way; the proxy names none of them.
 *
 * <p>Called once at startup (and again on a reload), off the event loops; may block.
 */
public interface DetectorProvider {

    /** The plugin's type name, used as {@code type:} in {@code plugins} configuration. */
    String type();

    /**
     * Validates the configuration, declares fields, loads what the detectors share, and returns
     * the factory of per-event-loop detectors.
     *
     * @throws ConfigException when the configuration is invalid, naming file, line and key
     */
    DetectorFactory prepare(DetectorContext context) throws ConfigException;

    /**
     * Keys of this plugin's {@code config} section whose values the admin server's
     * {@code GET /config} must never show, as dotted paths relative to the section
     * ({@code "kafka.sasl"} hides {@code config.kafka.sasl} and everything under it). Names that
     * say they are secret ({@code password}, {@code token}, {@code api_keys}, …) and URL user
     * information are hidden anyway; declare the others, such as {@code "dsn"} or
     * {@code "upstream.signature_seed"}. Called once, at startup. Default: none.
     */
    default java.util.Set<String> secretKeys() {
        return java.util.Set.of();
    }
}
