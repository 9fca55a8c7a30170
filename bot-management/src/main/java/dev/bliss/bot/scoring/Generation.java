package dev.bliss.bot.scoring;

import java.util.ArrayList;
import java.util.List;

/**
 * The models serving at one time: immutable, published whole through
 * {@code ModelSet.current}. A reload builds a new generation (reusing the loaded models whose
 * files did not change) and swaps it in; scorers notice the new reference on their next call.
 */
final class Generation {

    final long id;
    final ModelsConfig config;
    /** Null when no model is primary. */
    final LoadedModel primary;
    final LoadedModel[] shadows;
    /** Primary first, then shadows in models.yaml order. */
    final List<LoadedModel> models;

    Generation(long id, ModelsConfig config, List<LoadedModel> loaded) {
        this.id = id;
        this.config = config;
        LoadedModel p = null;
        List<LoadedModel> s = new ArrayList<>();
        for (LoadedModel m : loaded) {
            if (m.spec.role() == ModelRole.PRIMARY) {
                p = m;
            } else {
                s.add(m);
            }
        }
        this.primary = p;
        this.shadows = s.toArray(LoadedModel[]::new);
        List<LoadedModel> all = new ArrayList<>();
        if (p != null) {
            all.add(p);
        }
        all.addAll(s);
        this.models = List.copyOf(all);
    }

    boolean contains(LoadedModel model) {
        for (LoadedModel m : models) {
            if (m == model) {
                return true;
            }
        }
        return false;
    }
}
