package dev.bliss.training.data;

import java.util.ArrayList;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Set;

/**
 * Which of the log's features a model uses: {@code all}, {@code request} (the single-request
 * features, whose names have no dot; dimension features are {@code <dimension>.<feature>}), or a
 * comma-separated list of names. The result keeps the log's input order for {@code all} and
 * {@code request}, and the list's order otherwise.
 */
public final class FeatureSelection {

    private FeatureSelection() {
    }

    public static List<String> resolve(String spec, List<String> available) throws DataException {
        String s = spec.strip();
        if (s.equals("all")) {
            return List.copyOf(available);
        }
        if (s.equals("request")) {
            List<String> out = new ArrayList<>();
            for (String name : available) {
                if (name.indexOf('.') < 0) {
                    out.add(name);
                }
            }
            if (out.isEmpty()) {
                throw new DataException("--features request: the log has no single-request features (names without a dot)");
            }
            return out;
        }
        Set<String> picked = new LinkedHashSet<>();
        for (String part : s.split(",")) {
            String name = part.strip();
            if (name.isEmpty()) {
                continue;
            }
            if (!available.contains(name)) {
                throw new DataException("--features: the log has no feature \"" + name + "\" (it has "
                        + String.join(", ", available) + ")");
            }
            if (!picked.add(name)) {
                throw new DataException("--features: \"" + name + "\" is listed twice");
            }
        }
        if (picked.isEmpty()) {
            throw new DataException("--features: expected all, request or a comma-separated list of names");
        }
        return List.copyOf(picked);
    }
}
