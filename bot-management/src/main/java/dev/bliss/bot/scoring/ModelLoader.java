package dev.bliss.bot.scoring;

import ai.catboost.CatBoostError;
import ai.catboost.CatBoostModel;
import ai.catboost.CatBoostPredictions;
import dev.bliss.store.json.JsonFormatException;
import dev.bliss.store.json.StrictJson;
import java.io.IOException;
import java.nio.ByteBuffer;
import java.nio.charset.CharacterCodingException;
import java.nio.charset.CodingErrorAction;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.NoSuchFileException;
import java.nio.file.Path;
import java.util.List;

/**
 * Reads, checks and loads one model file; off the event loop, at startup and on reload.
 *
 * <pre>
 *  file ──read once──► bytes ──(JSON)──► StrictJson ──► CatBoostJsonCheck ──┐
 *                        │                                                 │ the same bytes, so
 *                        └──────────────► CatBoostModel.loadModel(bytes) ◄─┘ what was checked is
 *                                              │                             what is loaded
 *                                              ▼
 *            checks on the loaded model: trees ≥ 1 and ≤ max_trees, one dimension, float features
 *            only, their count = models.yaml's list and ≤ max_features, names agree, and a
 *            prediction on the schema defaults is finite
 * </pre>
 *
 * <p>The checks after loading apply to .cbm files, which cannot be read here, and repeat the
 * JSON checks against what the JNI actually built. A model with no trees is refused before any
 * predict: the JNI's predict on such a model never returns.
 */
final class ModelLoader {

    private ModelLoader() {
    }

    static LoadedModel load(ModelSpec spec, float[] defaults) throws ModelRejectedException {
        // Stamp before reading: if the file changes while it is read, the next check sees a
        // newer stamp and loads it again.
        FileStamp stamp = FileStamp.of(spec.file());
        // measured before a byte is read: a file past limits.max_file_size costs a stat, not its
        // size in heap (and several times that in parsed JSON), and leaves nothing behind
        byte[] bytes = read(spec.file(), spec.maxFileBytes());
        if (spec.format() == ModelSpec.Format.JSON) {
            CatBoostJsonCheck.Shape shape;
            try {
                shape = CatBoostJsonCheck.check(StrictJson.readTree(utf8(bytes)), spec.maxTrees(), spec.maxFeatures());
            } catch (JsonFormatException e) {
                throw new ModelRejectedException(e);
            }
            matchFeatures(spec, shape.featureCount(), shape.featureIds());
        }
        try {
            CatBoostNativeLibrary.load();
        } catch (IOException e) {
            throw new ModelRejectedException(e.getMessage());
        }
        CatBoostModel model;
        try {
            model = spec.format() == ModelSpec.Format.JSON ? CatBoostModel.loadModel(bytes, "json") : CatBoostModel.loadModel(bytes);
        } catch (CatBoostError e) {
            throw new ModelRejectedException("CatBoost cannot load it: " + e.getMessage());
        }
        try {
            LoadedModel loaded = new LoadedModel(spec, model, stamp, checkLoaded(spec, model));
            predictDefaults(loaded, defaults);
            return loaded;
        } catch (ModelRejectedException | RuntimeException e) {
            try {
                model.close();
            } catch (CatBoostError closing) {
                e.addSuppressed(closing);
            }
            throw e;
        }
    }

    /** Checks what the JNI built; returns the tree count. */
    private static int checkLoaded(ModelSpec spec, CatBoostModel model) throws ModelRejectedException {
        int trees = model.getTreeCount();
        if (trees < 1) {
            throw new ModelRejectedException("the model has no trees");
        }
        if (trees > spec.maxTrees()) {
            throw new ModelRejectedException("the model has " + trees + " trees, more than max_trees " + spec.maxTrees());
        }
        if (model.getPredictionDimension() != 1) {
            throw new ModelRejectedException("the model predicts " + model.getPredictionDimension()
                    + " values per row; the bot score needs a one-dimensional (Logloss) model");
        }
        if (model.getUsedCategoricFeatureCount() + model.getUsedTextFeatureCount() + model.getUsedEmbeddingFeatureCount() > 0) {
            throw new ModelRejectedException("the model uses categorical, text or embedding features; only float features are supported");
        }
        List<CatBoostModel.Feature> features = model.getFeatures();
        if (features.size() > spec.maxFeatures()) {
            throw new ModelRejectedException("the model declares " + features.size()
                    + " features, more than max_features " + spec.maxFeatures());
        }
        String[] names = new String[features.size()];
        for (int i = 0; i < features.size(); i++) {
            CatBoostModel.Feature f = features.get(i);
            if (!(f instanceof CatBoostModel.FloatFeature ff) || ff.getFlatFeatureIndex() != i || ff.getFeatureIndex() != i) {
                throw new ModelRejectedException("feature " + i + " (" + f.getName() + ") is not float feature " + i
                        + "; only models of float features in order are supported");
            }
            names[i] = f.getName();
        }
        matchFeatures(spec, features.size(), List.of(names));
        return trees;
    }

    /**
     * The model's feature count must equal the configured list's; where the model names a
     * feature (not just by its index), the name must be the configured one: a model trained on
     * a different feature order would otherwise score garbage without any error.
     */
    private static void matchFeatures(ModelSpec spec, int count, List<String> modelNames) throws ModelRejectedException {
        if (count != spec.features().size()) {
            throw new ModelRejectedException("the model has " + count + " float features but models.yaml lists "
                    + spec.features().size());
        }
        for (int i = 0; i < count; i++) {
            String name = modelNames.get(i);
            if (name != null && !name.isEmpty() && !name.equals(Integer.toString(i))
                    && !name.equals(spec.features().get(i))) {
                throw new ModelRejectedException("feature " + i + " is \"" + name + "\" in the model but \""
                        + spec.features().get(i) + "\" in models.yaml");
            }
        }
    }

    private static void predictDefaults(LoadedModel model, float[] defaults) throws ModelRejectedException {
        double raw;
        try {
            raw = model.predictRaw(defaults, model.newScratch(), new CatBoostPredictions(1, 1));
        } catch (CatBoostError e) {
            throw new ModelRejectedException("a prediction on the schema defaults failed: " + e.getMessage());
        }
        if (!Double.isFinite(raw)) {
            throw new ModelRejectedException("a prediction on the schema defaults is " + raw + ", not a finite number");
        }
    }

    private static byte[] read(Path file, long maxBytes) throws ModelRejectedException {
        try (java.io.InputStream in = Files.newInputStream(file)) {
            long size = Files.size(file);
            if (size > maxBytes) {
                throw new ModelRejectedException("the file has " + size + " bytes, more than limits.max_file_size " + maxBytes);
            }
            // read no more than the limit even if the file grows meanwhile
            byte[] bytes = in.readNBytes((int) Math.min(maxBytes + 1, Integer.MAX_VALUE - 8));
            if (bytes.length > maxBytes) {
                throw new ModelRejectedException("the file grew past limits.max_file_size " + maxBytes + " bytes while read");
            }
            return bytes;
        } catch (NoSuchFileException e) {
            throw new ModelRejectedException("file not found");
        } catch (IOException e) {
            throw new ModelRejectedException("cannot read: " + e);
        }
    }

    private static String utf8(byte[] bytes) throws ModelRejectedException {
        try {
            return StandardCharsets.UTF_8.newDecoder()
                    .onMalformedInput(CodingErrorAction.REPORT)
                    .onUnmappableCharacter(CodingErrorAction.REPORT)
                    .decode(ByteBuffer.wrap(bytes))
                    .toString();
        } catch (CharacterCodingException e) {
            throw new ModelRejectedException("not UTF-8 text, so not a CatBoost JSON model (a .cbm file needs format: cbm)");
        }
    }
}
