package dev.bliss.training.catboost;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import ai.catboost.CatBoostModel;
import dev.bliss.bot.scoring.CatBoostNativeLibrary;
import dev.bliss.bot.scoring.ModelScorer;
import dev.bliss.bot.scoring.ModelSet;
import dev.bliss.config.yaml.YamlConfigReader;
import dev.bliss.training.SyntheticTraffic;
import dev.bliss.training.data.Dataset;
import dev.bliss.training.data.LabelledLog;
import dev.bliss.training.data.ValidationSplit;
import dev.bliss.training.gbdt.BoostingOptions;
import dev.bliss.training.gbdt.ObliviousBoosting;
import dev.bliss.training.gbdt.TrainingListener;
import dev.bliss.training.model.FloatFeature;
import dev.bliss.training.model.ObliviousTreeModel;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The exported file is right when the CatBoost JNI predicts from it what the trainer predicts:
 * on every held-out row, on rows placed exactly on borders, and on missing and infinite values.
 */
class ExportedModelMatchesJniTest {

    @TempDir
    static Path dir;

    static ObliviousTreeModel trained;
    static Path modelFile;
    static List<float[]> rows = new ArrayList<>();

    @BeforeAll
    static void train() throws Exception {
        SyntheticTraffic.write(dir.resolve("log.jsonl"), dir.resolve("truth.csv"), 12_000, 11);
        Dataset all = LabelledLog.read(List.of(dir.resolve("log.jsonl")), dir.resolve("truth.csv"), false).dataset();
        ValidationSplit split = ValidationSplit.byClient(all, 0.25, 3);
        Dataset train = all.rows(split.train());
        Dataset held = all.rows(split.validation());
        trained = new ObliviousBoosting(new BoostingOptions(60, 6, 0.2, 3, 254, 0, 2), TrainingListener.NONE)
                .train(train, held).model();
        modelFile = dir.resolve("models").resolve("bot-test.json");
        CatBoostJsonWriter.write(trained, Map.of("trainer", "test"), modelFile);

        for (int i = 0; i < held.rowCount(); i++) {
            rows.add(held.row(i, new float[held.featureCount()]));
        }
        // Rows on every border of every feature (x == border must go to the "not greater" side),
        // just above it, and missing or infinite values.
        int n = trained.features().size();
        for (int f = 0; f < n; f++) {
            for (float border : trained.features().get(f).borders()) {
                float[] on = held.row(f % held.rowCount(), new float[n]);
                on[f] = border;
                rows.add(on);
                float[] above = on.clone();
                above[f] = Math.nextUp(border);
                rows.add(above);
            }
            for (float special : new float[] {Float.NaN, Float.POSITIVE_INFINITY, Float.NEGATIVE_INFINITY, -Float.MAX_VALUE}) {
                float[] r = held.row(0, new float[n]);
                r[f] = special;
                rows.add(r);
            }
        }
        assertTrue(held.rowCount() > 1_000, "held-out rows " + held.rowCount());
    }

    @Test
    void shouldPredictWhatTheJniPredictsOnEveryRow() throws Exception {
        CatBoostNativeLibrary.load();
        try (CatBoostModel jni = CatBoostModel.loadModel(modelFile.toString(), "json")) {
            assertEquals(trained.trees().size(), jni.getTreeCount());
            assertEquals(trained.featureNames(), List.of(jni.getFeatureNames()));
            double worst = 0;
            for (float[] row : rows) {
                double expected = trained.predictRaw(row);
                double actual = jni.predict(row, (String[]) null).get(0, 0);
                worst = Math.max(worst, Math.abs(expected - actual));
            }
            assertTrue(worst <= 1e-5, "largest difference " + worst + " over " + rows.size() + " rows");
        }
    }

    @Test
    void shouldBeReadableByOthersAsAnyFileTheUserWrites() throws Exception {
        java.nio.file.FileStore store = Files.getFileStore(modelFile);
        org.junit.jupiter.api.Assumptions.assumeTrue(store.supportsFileAttributeView("posix"), "POSIX permissions");
        Path plain = Files.writeString(dir.resolve("plain.txt"), "x");
        assertEquals(Files.getPosixFilePermissions(plain), Files.getPosixFilePermissions(modelFile));
    }

    @Test
    void shouldReadBackAModelThatPredictsTheSame() throws Exception {
        ObliviousTreeModel read = CatBoostJsonReader.read(modelFile);
        assertEquals(trained.featureNames(), read.featureNames());
        for (int f = 0; f < trained.features().size(); f++) {
            FloatFeature a = trained.features().get(f);
            FloatFeature b = read.features().get(f);
            assertTrue(java.util.Arrays.equals(a.borders(), b.borders()), a.name());
            assertEquals(a.hasNans(), b.hasNans());
            assertEquals(a.nanTreatment(), b.nanTreatment());
        }
        for (float[] row : rows) {
            assertEquals(trained.predictRaw(row), read.predictRaw(row), 1e-12);
        }
    }

    @Test
    void shouldPassTheBotPluginsChecksAndScoreThroughModelsYaml() throws Exception {
        // The plugin's input vector has more features than the model, in another order.
        List<String> input = new ArrayList<>(List.of("unused_first"));
        List<String> names = new ArrayList<>(trained.featureNames());
        java.util.Collections.reverse(names);
        input.addAll(names);
        String yaml = "watch_interval: 0s\nmodels:\n"
                + ModelsYamlEntry.render("bot-test", "models/bot-test.json", trained.featureNames());
        Files.writeString(dir.resolve("models.yaml"), yaml);
        try (ModelSet set = ModelSet.load(YamlConfigReader.read(dir.resolve("models.yaml")), dir, input,
                new float[input.size()])) {
            ModelScorer scorer = set.newScorer();
            float[] in = new float[input.size()];
            for (int r = 0; r < 500; r++) {
                float[] row = rows.get(r);
                for (int f = 0; f < row.length; f++) {
                    in[input.indexOf(trained.featureNames().get(f))] = row[f];
                }
                int score = scorer.score(in);
                double raw = trained.predictRaw(row);
                assertEquals(raw, scorer.lastRawValue(), 1e-5);
                assertEquals(dev.bliss.training.report.BotScore.of(ObliviousTreeModel.sigmoid(raw)), score);
            }
        }
    }
}
