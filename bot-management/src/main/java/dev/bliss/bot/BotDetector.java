package dev.bliss.bot;

import dev.bliss.bot.detectionlog.DetectionRecorder;
import dev.bliss.bot.detectionlog.PendingRecord;
import dev.bliss.bot.events.PendingEvents;
import dev.bliss.bot.events.RequestEvent;
import dev.bliss.bot.features.FeatureAvailability;
import dev.bliss.bot.features.RequestFeatureExtractor;
import dev.bliss.bot.features.StoreFeatureReader;
import dev.bliss.bot.heuristics.HeuristicsVerdict;
import dev.bliss.bot.keys.Fingerprints;
import dev.bliss.bot.keys.RequestKeys;
import dev.bliss.bot.scoring.ModelScorer;
import dev.bliss.bot.verified.VerifiedBotVerdict;
import dev.bliss.plugin.Completion;
import dev.bliss.plugin.Detector;
import dev.bliss.plugin.OriginHeaders;
import dev.bliss.plugin.ProtocolVersion;
import dev.bliss.plugin.RequestView;
import dev.bliss.plugin.field.Fields;
import dev.bliss.store.schema.DimensionKeys;

/**
 * Scores one event loop's requests.
 *
 * <pre>
 *  inspect:  user agent, fingerprints (TLS, or a trusted balancer's headers)
 *            ─► dimension keys ─► single-request features ─► store features (one batched read)
 *            ─► heuristics ─► verified bots ─► score: verified 1 | heuristic 1 | model 1–99 | none
 *            ─► bot.* fields ─► sampled for the detection log: vector, keys, score copied aside
 *  forward:  x-bot-score (and optional x-bot-verified, x-ja4); client-sent copies removed first
 *  complete: request event for the feature service; the detection log's record, with the outcome
 * </pre>
 *
 * <p><b>Thread:</b> its event loop only. <b>Allocation:</b> none per request once warm: every
 * buffer (keys, model input, verdicts, header values) is made here, once. The buffers are scratch
 * for one call: many requests of the loop are in flight at once, so what a later phase needs is
 * kept in the request's fields or recomputed, never left in a buffer between phases.
 */
final class BotDetector implements Detector {

    private static final CharSequence[] SCORE_TEXT = new CharSequence[100];

    static {
        for (int i = 0; i < SCORE_TEXT.length; i++) {
            SCORE_TEXT[i] = Integer.toString(i);
        }
    }

    private final BotManagement shared;
    private final BotFields f;
    private final RequestKeys keys;
    private final Fingerprints fingerprints = new Fingerprints();
    private final RequestFeatureExtractor requestFeatures;
    private final StoreFeatureReader storeFeatures;
    private final HeuristicsVerdict heuristics;
    private final VerifiedBotVerdict verified = new VerifiedBotVerdict();
    private final ModelScorer scorer;
    private final float[] input;
    /** The request event of a request whose inspect-time event could not be kept (pool full). */
    private final RequestEvent event;
    private final PendingEvents pendingEvents;
    /** This loop's side of the detection log, or null when it is off. */
    private final DetectionRecorder detections;

    BotDetector(BotManagement shared) {
        this.shared = shared;
        this.f = shared.fields;
        this.keys = new RequestKeys(shared.schema);
        this.requestFeatures = new RequestFeatureExtractor(shared.schema.requestFeatures());
        this.storeFeatures = new StoreFeatureReader(shared.store, shared.schema, shared.settings.maxFeatureAge().toMillis());
        this.heuristics = shared.heuristics.userAgents().newVerdict();
        this.scorer = shared.models.newScorer();
        this.input = new float[shared.schema.inputLength()];
        this.event = new RequestEvent(shared.schema.dimensions().size());
        this.pendingEvents = new PendingEvents(shared.schema.dimensions().size());
        this.detections = shared.detectionLog == null ? null : shared.detectionLog.newRecorder();
    }

    @Override
    public void inspect(RequestView request, Fields fields) {
        CharSequence userAgent = request.header("user-agent");
        CharSequence ja3 = fingerprint(request, request.ja3Hash(), shared.settings.ja3FingerprintHeader());
        CharSequence ja4 = fingerprint(request, request.ja4(), shared.settings.ja4FingerprintHeader());
        long ja3Key = fingerprints.ja3Key(ja3);
        long ja4Key = fingerprints.ja4Key(ja4);
        if (ja3Key != 0) {
            fields.set(f.ja3, ja3);
        }
        if (ja4Key != 0) {
            fields.set(f.ja4, ja4);
        }
        keys.compute(request, userAgent, ja3Key, ja4Key);

        shared.heuristics.userAgents().classify(userAgent, request, heuristics);
        boolean isStatic = shared.heuristics.staticResources().isStatic(request.path());
        fields.set(f.staticResource, isStatic);

        requestFeatures.extract(request, userAgent, heuristics.browserLike(), input);
        FeatureAvailability availability = storeFeatures.read(keys, input, System.currentTimeMillis());
        boolean featuresAvailable = availability == FeatureAvailability.AVAILABLE;
        fields.set(f.featuresAvailable, featuresAvailable);
        if (!featuresAvailable) {
            shared.unavailable[availability.ordinal()].increment();
        }

        fields.setEmpty(f.detectionIds);
        int[] ids = heuristics.detectionIds();
        for (int i = 0; i < heuristics.count(); i++) {
            fields.add(f.detectionIds, ids[i]);
        }
        shared.verified.match(heuristics.claims(), request.clientAddress(), verified);
        fields.set(f.verified, verified.verified());
        if (verified.verified()) {
            fields.set(f.verifiedCategory, verified.bot().category().text());
        }
        if (verified.fake()) {
            fields.add(f.detectionIds, verified.detectionId());
        }

        ScoreSource source;
        int score;
        boolean shadowed = false;
        if (verified.verified()) {
            source = ScoreSource.VERIFIED_BOT;
            score = 1;
        } else if (heuristics.automated() || verified.fake()) {
            source = ScoreSource.HEURISTICS;
            score = 1;
        } else if (featuresAvailable && shared.models.hasPrimary()) {
            score = scorer.score(input);
            source = score > 0 ? ScoreSource.MACHINE_LEARNING : ScoreSource.NOT_COMPUTED;
            if (score > 0) {
                scorer.shadow(input, score);
                shadowed = true;
            }
        } else {
            source = ScoreSource.NOT_COMPUTED;
            score = 0;
        }
        if (score > 0) {
            fields.set(f.score, score);
        }
        fields.set(f.scoreSource, source.text());
        shared.bySource[source.ordinal()].increment();
        RequestEvent e = pendingEvents.claim(request);
        if (e != null) {
            describe(e, request, isStatic, fields.length(f.detectionIds) > 0, heuristics.browserLike());
        }
        if (detections != null) {
            keepForDetectionLog(request, fields, score, source, featuresAvailable, shadowed);
        }
    }

    /**
     * Copies what the detection log needs from this loop's scratch (the input vector and keys
     * that the next request overwrites) into the request's pending record, when it is sampled.
     * The vector is complete for every request, whatever decided the score: request features and
     * stored features or their defaults were both filled above.
     */
    private void keepForDetectionLog(RequestView request, Fields fields, int score, ScoreSource source, boolean featuresAvailable,
                                     boolean shadowed) {
        PendingRecord r = detections.begin(request);
        if (r == null) {
            return;
        }
        r.features(input).keys(keys).score(score, source, featuresAvailable)
                .verified(verified.verified() ? verified.bot().category() : null);
        for (int i = 0, n = fields.length(f.detectionIds); i < n; i++) {
            r.detectionId(fields.get(f.detectionIds, i));
        }
        if (shadowed) {
            for (int i = 0, n = scorer.shadowCount(); i < n; i++) {
                r.shadowScore(i, scorer.lastShadowScore(i));
            }
        }
    }

    /** The fingerprint the TLS layer computed, else the balancer's header when the peer is trusted. */
    private static CharSequence fingerprint(RequestView request, CharSequence fromTls, String header) {
        if (fromTls != null) {
            return fromTls;
        }
        if (header.isEmpty() || !request.fromTrustedProxy()) {
            return null;
        }
        return request.header(header);
    }

    @Override
    public void forward(RequestView request, Fields fields, OriginHeaders origin) {
        BotManagementSettings s = shared.settings;
        // set() replaces whatever the client sent under these names: nobody picks their own score
        origin.set(s.scoreHeader(), SCORE_TEXT[fields.isSet(f.score) ? (int) fields.get(f.score) : 0]);
        if (!s.verifiedHeader().isEmpty()) {
            origin.set(s.verifiedHeader(), fields.get(f.verified) ? "true" : "false");
        }
        if (!s.ja4Header().isEmpty()) {
            if (fields.isSet(f.ja4)) {
                origin.set(s.ja4Header(), request.ja4() != null ? request.ja4() : request.header(s.ja4FingerprintHeader()));
            } else {
                origin.remove(s.ja4Header());
            }
        }
    }

    @Override
    public void onComplete(RequestView request, Fields fields, Completion completion) {
        if (detections != null) {
            detections.complete(request, completion, System.currentTimeMillis() - completion.durationNanos() / 1_000_000);
        }
        if (!fields.isSet(f.scoreSource)) {
            return; // answered before the detectors ran (e.g. 413): nothing was learnt about it
        }
        RequestEvent e = pendingEvents.find(request);
        if (e == null) {
            // more requests were in flight than events are kept: the loop has inspected others since,
            // so compute from the request again, not from scratch buffers
            e = event;
            CharSequence ua = request.header("user-agent");
            keys.compute(request, ua, fingerprints.ja3Key(fields.isSet(f.ja3) ? ja3Text(request) : null),
                    fingerprints.ja4Key(fields.isSet(f.ja4) ? ja4Text(request) : null));
            describe(e, request, fields.get(f.staticResource), fields.length(f.detectionIds) > 0,
                    shared.heuristics.userAgents().browserLike(ua));
        }
        e.timestampMillis = System.currentTimeMillis() - (System.nanoTime() - request.receivedNanos()) / 1_000_000;
        e.status = completion.status();
        shared.events.publish(e);
        pendingEvents.release(request);
    }

    /**
     * Fills what the feature service aggregates, from the request and this loop's current keys
     * (the user agent's hash among them: the dimension key's function, computed once per request).
     */
    private void describe(RequestEvent e, RequestView request, boolean staticResource, boolean heuristicMatch,
                          boolean browserLike) {
        for (int i = 0; i < keys.size(); i++) {
            e.keys[i] = keys.key(i);
            e.hasKey[i] = keys.has(i);
        }
        e.userAgentHash = keys.userAgentKey();
        CharSequence path = request.path();
        e.pathHash = DimensionKeys.chars(path, 0, path.length(), false);
        e.method = methodCode(request.method());
        ProtocolVersion v = request.version();
        e.httpVersion = v == ProtocolVersion.HTTP_2 ? 20 : v == ProtocolVersion.HTTP_1_1 ? 11 : 10;
        e.hasCookie = request.header("cookie") != null;
        e.staticResource = staticResource;
        e.heuristicMatch = heuristicMatch;
        e.browserLikeUserAgent = browserLike;
        e.tls = request.isTls();
    }

    private CharSequence ja3Text(RequestView request) {
        return fingerprint(request, request.ja3Hash(), shared.settings.ja3FingerprintHeader());
    }

    private CharSequence ja4Text(RequestView request) {
        return fingerprint(request, request.ja4(), shared.settings.ja4FingerprintHeader());
    }

    private static int methodCode(CharSequence m) {
        if (m.length() == 3 && m.charAt(0) == 'G') {
            return 0;
        }
        if (m.length() == 4 && m.charAt(0) == 'H') {
            return 1;
        }
        if (m.length() == 4 && m.charAt(0) == 'P' && m.charAt(1) == 'O') {
            return 2;
        }
        return 3;
    }
}
