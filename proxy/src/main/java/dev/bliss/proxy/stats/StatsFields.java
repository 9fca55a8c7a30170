package dev.bliss.proxy.stats;

import dev.bliss.plugin.field.BytesField;
import dev.bliss.plugin.field.Field;
import dev.bliss.plugin.field.FieldScheme;
import dev.bliss.plugin.field.IntArrayField;
import dev.bliss.plugin.field.IntField;

/**
 * The handles of the fields the recorder reads, resolved once from the pipeline's scheme by name.
 * A field no detector produces, or one of another type than expected, is {@code null}: the
 * recorder then counts requests without that part (a proxy without bot management shows rates,
 * statuses and rules, and an empty histogram).
 *
 * @param score        {@code bot.score}, Int 1–99
 * @param scoreSource  {@code bot.score_source}, Bytes: the engine that decided the score
 * @param detectionIds {@code bot.detection_ids}, Array&lt;Int&gt;: the heuristics that matched
 * @param ja4          {@code bot.ja4}, Bytes: the client's JA4 fingerprint
 */
public record StatsFields(IntField score, BytesField scoreSource, IntArrayField detectionIds, BytesField ja4) {

    public static final String SCORE = "bot.score";
    public static final String SCORE_SOURCE = "bot.score_source";
    public static final String DETECTION_IDS = "bot.detection_ids";
    public static final String JA4 = "bot.ja4";

    /** No fields: for a pipeline without detectors. */
    public static final StatsFields NONE = new StatsFields(null, null, null, null);

    public static StatsFields of(FieldScheme scheme) {
        return new StatsFields(typed(scheme.field(SCORE), IntField.class), typed(scheme.field(SCORE_SOURCE), BytesField.class),
                typed(scheme.field(DETECTION_IDS), IntArrayField.class), typed(scheme.field(JA4), BytesField.class));
    }

    private static <T extends Field> T typed(Field f, Class<T> type) {
        return type.isInstance(f) ? type.cast(f) : null;
    }
}
