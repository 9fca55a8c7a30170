package dev.bliss.bot;

import dev.bliss.bot.detectionlog.DetectionLogSettings;
import dev.bliss.bot.detectionlog.PendingRecord;
import dev.bliss.bot.events.RequestEvent;
import dev.bliss.plugin.field.Attachment;
import dev.bliss.plugin.field.BoolField;
import dev.bliss.plugin.field.BytesField;
import dev.bliss.plugin.field.FieldRegistry;
import dev.bliss.plugin.field.FloatField;
import dev.bliss.plugin.field.IntArrayField;
import dev.bliss.plugin.field.IntField;
import dev.bliss.store.schema.FeatureSchema;
import dev.bliss.store.schema.RequestFeature;

/**
 * The fields bot management produces, for the firewall and later detectors. Cloudflare's names
 * ({@code cf.bot_management.*}) are aliases of these in the rules language.
 *
 * <pre>
 *   bot.score               Int 1–99, low = automated; unset when not computed (rules on it do not match)
 *   bot.score_source        Bytes: heuristics | machine_learning | verified_bot | not_computed
 *   bot.verified            Bool: a verified bot (user agent and published network both match)
 *   bot.verified_category   Bytes: search_engine, ai_crawler, monitoring, …
 *   bot.ja3_hash            Bytes: the client's JA3 hash (TLS, or a trusted proxy's header)
 *   bot.ja4                 Bytes: the client's JA4 fingerprint
 *   bot.detection_ids       Array&lt;Int&gt;: the heuristics that matched
 *   bot.static_resource     Bool: the path is a static asset (by extension)
 *   bot.features_available  Bool: the inter-request features of the store were used
 *   bot.features.&lt;input&gt;    Float, read-only: each model input by its features.yaml name, e.g.
 *                           bot.features.ip.reqs_1m, bot.features.tls_agrees (store features unset
 *                           when they were not available)
 * </pre>
 *
 * Consumed, when features.yaml lists the request feature {@code clearance_age}: the host's
 * {@code bot.clearance.age} (the browser challenge's clearance, set before any detector runs);
 * when the detection log samples (rate below 1): the host's {@code bot.challenge.submission}, so
 * that the log keeps every solved and failed solution whatever the rate.
 */
public final class BotFields {

    public static final int MAX_DETECTION_IDS = 16;
    /** The host's field of the challenge clearance's age (the proxy's {@code ChallengeFields.CLEARANCE_AGE}). */
    public static final String CLEARANCE_AGE = "bot.clearance.age";
    /** The host's field marking a submitted challenge solution (the proxy's {@code ChallengeFields.SUBMISSION}). */
    public static final String CHALLENGE_SUBMISSION = "bot.challenge.submission";

    final IntField score;
    final BytesField scoreSource;
    final BoolField verified;
    final BytesField verifiedCategory;
    final BytesField ja3;
    final BytesField ja4;
    final IntArrayField detectionIds;
    final BoolField staticResource;
    final BoolField featuresAvailable;
    /**
     * The model's inputs as read-only Float fields for rules, {@code bot.features.<input name>}
     * ({@code bot.features.ip.reqs_1m}, {@code bot.features.header_count}): the request's own
     * features always, the store's only when they were available (else unset, so a rule on them
     * is false rather than true on a default).
     */
    final FloatField[] features;
    final int requestFeatureCount;
    /** The request's event, filled in inspect and published in onComplete (the request's own, not a side table's). */
    final Attachment<RequestEvent> event;
    /** The request's detection-log record, copied into in inspect and written in onComplete; null when the log is off. */
    final Attachment<PendingRecord> pendingRecord;
    /** The host's {@code bot.clearance.age}, or null when the schema has no {@code clearance_age} feature. */
    final FieldRegistry.Consumed<IntField> clearanceAge;
    /** The host's {@code bot.challenge.submission}, or null when the detection log does not sample. */
    final FieldRegistry.Consumed<BoolField> challengeSubmission;
    /** The header names read per request, resolved by the host. */
    final BotHeaders headers;

    /**
     * @param detectionLog when it is on, each request has a record; with a sample rate below 1 it
     *                     also needs to know which requests submit challenge solutions
     */
    BotFields(FieldRegistry registry, FeatureSchema schema, BotHeaders headers, DetectionLogSettings detectionLog) {
        this.headers = headers;
        int dimensions = schema.dimensions().size();
        int inputs = schema.inputLength();
        event = registry.attachment(RequestEvent.class, () -> new RequestEvent(dimensions));
        pendingRecord = detectionLog.enabled()
                ? registry.attachment(PendingRecord.class, () -> new PendingRecord(dimensions, inputs)) : null;
        score = registry.produceInt("bot.score");
        scoreSource = registry.produceBytes("bot.score_source", 16);
        verified = registry.produceBool("bot.verified");
        verifiedCategory = registry.produceBytes("bot.verified_category", 32);
        ja3 = registry.produceBytes("bot.ja3_hash", 32);
        ja4 = registry.produceBytes("bot.ja4", 36);
        detectionIds = registry.produceIntArray("bot.detection_ids", MAX_DETECTION_IDS);
        staticResource = registry.produceBool("bot.static_resource");
        featuresAvailable = registry.produceBool("bot.features_available");
        features = new FloatField[schema.inputLength()];
        for (int i = 0; i < features.length; i++) {
            features[i] = registry.produceFloat("bot.features." + schema.inputNames().get(i));
        }
        requestFeatureCount = schema.requestFeatures().size();
        clearanceAge = schema.requestFeatures().contains(RequestFeature.CLEARANCE_AGE)
                ? registry.consume(CLEARANCE_AGE, IntField.class) : null;
        challengeSubmission = detectionLog.enabled() && detectionLog.sampleRate() < 1
                ? registry.consume(CHALLENGE_SUBMISSION, BoolField.class) : null;
    }
}
