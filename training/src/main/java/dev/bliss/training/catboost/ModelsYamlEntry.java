package dev.bliss.training.catboost;

import java.util.List;

/** The models.yaml entry that serves a trained model (see config/models.yaml). */
public final class ModelsYamlEntry {

    private ModelsYamlEntry() {
    }

    /**
     * @param file the model's path as models.yaml should name it (relative to models.yaml's directory)
     * @param features the model's features in model order
     */
    public static String render(String name, String file, List<String> features) {
        return "  - name: " + name + "\n"
                + "    file: " + file + "\n"
                + "    role: primary\n"
                + "    features: [" + String.join(", ", features) + "]\n";
    }
}
