package dev.bliss.proxy.config;

import dev.bliss.plugin.config.ConfigSection;
import dev.bliss.plugin.config.Position;
import java.time.Duration;

/**
 * One configured detector plugin.
 *
 * @param name        the instance name (unique), used in logs and metrics
 * @param type        the {@code DetectorProvider.type()} that implements it
 * @param order       tie-breaker among detectors the field graph leaves unordered (lower first)
 * @param failClosed  whether a throwing detector refuses the request (503) instead of failing open
 * @param asyncBudget the longest an asynchronous stage may hold a request
 * @param config      the plugin's own section, handed to its provider
 * @param position    where the plugin is configured, for errors
 * @param keyPath     the plugin's key path in the file, e.g. {@code plugins[2]}, for errors
 */
public record PluginOptions(String name, String type, int order, boolean failClosed, Duration asyncBudget,
                            ConfigSection config, Position position, String keyPath) {

    public static final Duration DEFAULT_ASYNC_BUDGET = Duration.ofMillis(20);
}
