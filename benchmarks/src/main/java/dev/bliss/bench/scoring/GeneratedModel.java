package dev.bliss.bench.scoring;

import java.util.List;
import java.util.SplittableRandom;

/**
 * Writes a random CatBoost JSON model of the shape the design budgets for: {@code trees}
 * oblivious trees of {@code depth} over float features named {@code names}, each feature with
 * {@code borders} borders at 0.5, 1.5, ... (so inputs drawn from [0, borders) reach every
 * bucket), splits on random (feature, border) pairs, leaves in [-0.1, 0.1]. The trees depend
 * only on the seed and the feature count, not on the names. Deterministic.
 */
public final class GeneratedModel {

    private GeneratedModel() {
    }

    public static String json(List<String> names, int trees, int depth, int borders, long seed) {
        int features = names.size();
        SplittableRandom random = new SplittableRandom(seed);
        StringBuilder out = new StringBuilder(64 * features * borders / 8 + trees * depth * 120);
        out.append("{\"model_info\":{\"params\":{\"flat_params\":{\"loss_function\":\"Logloss\"},")
                .append("\"loss_function\":{\"type\":\"Logloss\",\"params\":{}}}},");
        out.append("\"features_info\":{\"float_features\":[");
        for (int f = 0; f < features; f++) {
            if (f > 0) {
                out.append(',');
            }
            out.append("{\"feature_index\":").append(f).append(",\"flat_feature_index\":").append(f)
                    .append(",\"feature_id\":\"").append(names.get(f)).append("\",\"has_nans\":false,\"nan_value_treatment\":\"AsIs\",\"borders\":[");
            for (int b = 0; b < borders; b++) {
                if (b > 0) {
                    out.append(',');
                }
                out.append(b + 0.5);
            }
            out.append("]}");
        }
        out.append("]},\"oblivious_trees\":[");
        for (int t = 0; t < trees; t++) {
            if (t > 0) {
                out.append(',');
            }
            out.append("{\"splits\":[");
            for (int d = 0; d < depth; d++) {
                if (d > 0) {
                    out.append(',');
                }
                int feature = random.nextInt(features);
                int border = random.nextInt(borders);
                out.append("{\"split_index\":").append(feature * borders + border)
                        .append(",\"float_feature_index\":").append(feature)
                        .append(",\"border\":").append(border + 0.5)
                        .append(",\"split_type\":\"FloatFeature\"}");
            }
            out.append("],\"leaf_values\":[");
            for (int l = 0; l < 1 << depth; l++) {
                if (l > 0) {
                    out.append(',');
                }
                out.append(random.nextDouble(-0.1, 0.1));
            }
            out.append("]}");
        }
        out.append("],\"scale_and_bias\":[1,[0]]}");
        return out.toString();
    }
}
