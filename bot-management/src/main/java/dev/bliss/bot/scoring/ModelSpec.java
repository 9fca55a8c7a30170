package dev.bliss.bot.scoring;

import dev.bliss.plugin.config.ConfigException;
import dev.bliss.plugin.config.Position;
import java.nio.file.Path;
import java.util.List;

/**
 * One model entry of models.yaml, validated and resolved: the file to load, its role, and where
 * each of its features comes from in the detector's input vector.
 *
 * <p>{@code inputIndex[i]} is the input-vector position of the model's float feature {@code i}
 * (the model's {@code feature_index} order), resolved by name against the schema at load. The
 * positions of the {@code file} key are kept so that a model file rejected later, at startup or
 * on reload, is reported against the line that names it.
 */
record ModelSpec(
        String name,
        Path file,
        Format format,
        ModelRole role,
        double sampleRate,
        List<String> features,
        int[] inputIndex,
        int maxTrees,
        int maxFeatures,
        long maxFileBytes,
        Position filePosition,
        String fileKeyPath) {

    /** How the file is handed to {@code CatBoostModel.loadModel}. */
    enum Format {
        /** CatBoost JSON ({@code save_model(format="json")}), checked structurally first. */
        JSON,
        /** CatBoost's binary .cbm; only the checks after loading apply. */
        CBM
    }

    ModelSpec {
        features = List.copyOf(features);
        inputIndex = inputIndex.clone();
    }

    /** A startup error for this model's file: models.yaml position, then the file and the reason. */
    ConfigException rejected(ModelRejectedException reason) {
        return new ConfigException(filePosition, fileKeyPath, reason.inFile(file));
    }

    /** The same error as text, for reload failures and metrics. */
    String rejectedText(ModelRejectedException reason) {
        return rejected(reason).getMessage();
    }
}
