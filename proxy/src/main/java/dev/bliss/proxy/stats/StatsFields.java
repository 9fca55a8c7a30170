package dev.bliss.proxy.stats;

import dev.bliss.plugin.field.BytesField;
import dev.bliss.plugin.field.Field;
import dev.bliss.plugin.field.FieldScheme;
import dev.bliss.plugin.field.IntField;

/**
 * The handles of the fields the dashboard looks at, resolved once from the pipeline's scheme by
 * name. The scores themselves are reported by the detector that decides them
 * ({@link dev.bliss.plugin.ScoreTally}); these say whether the pipeline has one (a proxy without
 * bot management shows rates, statuses and rules, and no histogram), and where the low scores'
 * JA4 is. A field no detector produces, or one of another type than expected, is {@code null}.
 *
 * @param score        {@code bot.score}, Int 1–99
 * @param scoreSource  {@code bot.score_source}, Bytes: the engine that decided the score
 * @param ja4          {@code bot.ja4}, Bytes: the client's JA4 fingerprint, read for sampled low scores
 */
public record StatsFields(IntField score, BytesField scoreSource, BytesField ja4) {

    public static final String SCORE = "bot.score";
    public static final String SCORE_SOURCE = "bot.score_source";
    public static final String JA4 = "bot.ja4";

    /** No fields: for a pipeline without detectors. */
    public static final StatsFields NONE = new StatsFields(null, null, null);

    public static StatsFields of(FieldScheme scheme) {
        return new StatsFields(typed(scheme.field(SCORE), IntField.class), typed(scheme.field(SCORE_SOURCE), BytesField.class),
                typed(scheme.field(JA4), BytesField.class));
    }

    private static <T extends Field> T typed(Field f, Class<T> type) {
        return type.isInstance(f) ? type.cast(f) : null;
    }
}
