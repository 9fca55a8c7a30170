package dev.bliss.app.features;

import dev.bliss.bot.features.FeatureSchemaReader;
import dev.bliss.config.yaml.YamlConfigReader;
import dev.bliss.features.FeatureServiceSettings;
import dev.bliss.plugin.config.ConfigException;
import dev.bliss.plugin.config.ConfigSection;
import java.nio.file.Path;

/**
 * The feature service's configuration as the commands need it: its section of bliss.yaml and
 * the schema from the features.yaml it names. The schema is read with the bot-management
 * plugin's reader, so the service and the plugin can never read features.yaml differently
 * (the app depends on both; the feature service itself takes a parsed schema).
 *
 * @param schema the schema and each dimension's max_keys
 */
public record ServiceConfig(FeatureServiceSettings settings, FeatureSchemaReader.Result schema) {

    /** Reads the {@code feature_service} section of {@code root} (the bliss.yaml at {@code file}), marking it read. */
    public static ServiceConfig read(ConfigSection root, Path file) throws ConfigException {
        Path base = file.toAbsolutePath().getParent();
        FeatureServiceSettings settings = FeatureServiceSettings.read(root.section("feature_service"), base);
        FeatureSchemaReader.Result schema = FeatureSchemaReader.read(YamlConfigReader.read(settings.features()));
        return new ServiceConfig(settings, schema);
    }

    /** Reads only the {@code feature_service} section of the bliss.yaml at {@code file}. */
    public static ServiceConfig read(Path file) throws ConfigException {
        return read(YamlConfigReader.read(file), file);
    }
}
