package dev.bliss.bot;

import dev.bliss.bot.consistency.ClientConsistency;
import dev.bliss.bot.consistency.ReusedJa3;
import dev.bliss.bot.consistency.SessionUserAgents;
import dev.bliss.bot.detectionlog.DetectionRecorder;
import dev.bliss.bot.detectionlog.PendingRecord;
import dev.bliss.bot.events.RequestClock;
import dev.bliss.bot.events.RequestEvent;
import dev.bliss.bot.events.RequestEventProducer;
import dev.bliss.bot.features.FeatureAvailability;
import dev.bliss.bot.features.RequestFeatureExtractor;
import dev.bliss.bot.features.StoreFeatureReader;
import dev.bliss.bot.heuristics.HeuristicsVerdict;
import dev.bliss.bot.keys.Fingerprints;
import dev.bliss.bot.keys.RequestKeys;
import dev.bliss.bot.scoring.ModelScorer;
import dev.bliss.bot.session.IssuedSessions;
import dev.bliss.bot.session.SessionCookies;
import dev.bliss.bot.verified.VerifiedBotVerdict;
import dev.bliss.plugin.Completion;
import dev.bliss.plugin.Detector;
import dev.bliss.plugin.OriginHeaders;
import dev.bliss.plugin.ProtocolVersion;
import dev.bliss.plugin.RequestView;
import dev.bliss.plugin.ScoreSource;
import dev.bliss.plugin.ScoreTally;
import dev.bliss.plugin.field.BoolField;
import dev.bliss.plugin.field.Fields;
import dev.bliss.plugin.field.IntField;
import dev.bliss.store.schema.DimensionKeys;
import dev.bliss.store.schema.PathTemplate;

/**
 * Scores one event loop's requests.
 *
 * <pre>
 *  inspect:  user agent, fingerprints (TLS, or a trusted balancer's headers)
 *            ─► dimension keys ─► single-request features (where and when the session it carries
 *               was issued among them) ─► store features (one batched read)
 *            ─► heuristics (the user agent's rules; a Chromium JA3 the store saw from other
 *               addresses) ─► verified bots ─► score: verified 1 | heuristic 1 | model 1–99 | none
 *            ─► bot.* fields ─► sampled for the detection log: vector, keys, score copied aside
 *  forward:  x-bot-score (and optional x-bot-verified, x-ja4); client-sent copies removed first
 *  complete: the sessions the origin's Set-Cookie issued, to this client (IssuedSessions);
 *            request event for the feature service; the detection log's record, with the outcome
 *            (status, rule, and what the browser challenge did)
 * </pre>
 *
 * <p><b>Thread:</b> its event loop only. <b>Allocation:</b> none per request once warm: every
 * buffer (keys, model input, verdicts, header values) is made here, once. The buffers are scratch
 * for one call: many requests of the loop are in flight at once, so what a later phase needs is
 * kept in the request's fields or its attachments (the request event, the detection-log record),
 * never left in a buffer between phases.
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
    /** The lists this detector's verdict was made for; a reload publishes new ones. */
    private BotLists lists;
    private HeuristicsVerdict heuristics;
    private final VerifiedBotVerdict verified = new VerifiedBotVerdict();
    private final ModelScorer scorer;
    private final RequestClock clock;
    private ClientConsistency consistency;
    private final float[] input;
    /** Where the JA3's distinct addresses ({@link ReusedJa3#FEATURE}) are in {@link #input}; -1 when the schema has none. */
    private final int ja3Addresses;
    /** Where the cookie's user agents and addresses ({@link SessionUserAgents}) are in {@link #input}; -1 when absent. */
    private final int cookieUserAgents;
    private final int cookieAddresses;
    /** The host's bot.clearance.age, when the schema has the clearance_age feature; else null. */
    private final IntField clearanceAge;
    /** This loop's side of the detection log, or null when it is off. */
    private final DetectionRecorder detections;
    /** The host's bot.challenge.submission, when the detection log samples; else null. */
    private final BoolField challengeSubmission;
    /** Where this loop's decisions are counted (the proxy's dashboard and score metrics). */
    private final ScoreTally scores;
    /** This loop's way into the events rings: its own ring, found once here, not per event. */
    private final RequestEventProducer events;

    BotDetector(BotManagement shared, ScoreTally scores) {
        this.shared = shared;
        this.scores = scores;
        this.f = shared.fields;
        this.keys = new RequestKeys(shared.schema, f.headers.names());
        this.requestFeatures = new RequestFeatureExtractor(shared.schema.requestFeatures(), f.headers);
        this.storeFeatures = new StoreFeatureReader(shared.store, shared.schema, shared.settings.maxFeatureAge().toMillis());
        this.lists = shared.lists;
        this.heuristics = lists.heuristics().userAgents().newVerdict();
        this.scorer = shared.models.newScorer();
        this.clock = new RequestClock(shared.settings.eventTimeHeader());
        this.consistency = new ClientConsistency(lists.heuristics().tlsStacks());
        this.input = new float[shared.schema.inputLength()];
        this.ja3Addresses = shared.schema.inputNames().indexOf(ReusedJa3.FEATURE);
        this.cookieUserAgents = shared.schema.inputNames().indexOf(SessionUserAgents.USER_AGENTS);
        this.cookieAddresses = shared.schema.inputNames().indexOf(SessionUserAgents.ADDRESSES);
        this.clearanceAge = f.clearanceAge == null ? null : f.clearanceAge.get();
        this.detections = shared.detectionLog == null ? null : shared.detectionLog.newRecorder();
        this.challengeSubmission = f.challengeSubmission == null ? null : f.challengeSubmission.get();
        // made here, on the loop's thread before it serves: claiming a ring makes system calls
        this.events = shared.events.newProducer();
    }

    @Override
    public void inspect(RequestView request, Fields fields) {
        CharSequence userAgent = request.header(f.headers.userAgent());
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

        BotLists current = shared.lists;
        if (current != lists) {
            // the first request after a reload: a verdict sized for the new automaton, checks over
            // the new TLS stacks (once per reload)
            lists = current;
            heuristics = current.heuristics().userAgents().newVerdict();
            consistency = new ClientConsistency(current.heuristics().tlsStacks());
        }
        current.heuristics().userAgents().classify(userAgent, request, heuristics);
        boolean isStatic = current.heuristics().staticResources().isStatic(request.path());
        fields.set(f.staticResource, isStatic);

        consistency.evaluate(request, userAgent, ja4Key != 0 ? ja4 : null, isStatic);
        long at = clock.millis(request);
        requestFeatures.extract(request, userAgent, heuristics.browserLike(), consistency, clearanceAge(fields),
                issuedSession(request, at), at, input);
        FeatureAvailability availability = storeFeatures.read(keys, input, at);
        boolean featuresAvailable = availability == FeatureAvailability.AVAILABLE;
        fields.set(f.featuresAvailable, featuresAvailable);
        for (int i = 0, n = featuresAvailable ? input.length : f.requestFeatureCount; i < n; i++) {
            fields.set(f.features[i], input[i]);
        }
        if (!featuresAvailable) {
            shared.unavailable[availability.ordinal()].increment();
        }
        boolean reusedJa3 = featuresAvailable && ja3Key != 0 && ja3Addresses >= 0
                && current.heuristics().reusedJa3().fires(consistency, input[ja3Addresses]);
        boolean sessionUserAgents = featuresAvailable && cookieUserAgents >= 0 && cookieAddresses >= 0
                && current.heuristics().sessionUserAgents().fires(input[cookieUserAgents], input[cookieAddresses]);

        fields.setEmpty(f.detectionIds);
        int[] ids = heuristics.detectionIds();
        for (int i = 0; i < heuristics.count(); i++) {
            fields.add(f.detectionIds, ids[i]);
        }
        current.verified().match(heuristics.claims(), request.clientAddress(), verified);
        fields.set(f.verified, verified.verified());
        if (verified.verified()) {
            fields.set(f.verifiedCategory, verified.bot().category().text());
        }
        if (verified.fake()) {
            fields.add(f.detectionIds, verified.detectionId());
        }
        if (reusedJa3) {
            fields.add(f.detectionIds, ReusedJa3.DETECTION_ID);
        }
        if (sessionUserAgents) {
            fields.add(f.detectionIds, SessionUserAgents.DETECTION_ID);
        }

        ScoreSource source;
        int score;
        boolean shadowed = false;
        if (verified.verified()) {
            source = ScoreSource.VERIFIED_BOT;
            score = 1;
        } else if (heuristics.automated() || verified.fake() || reusedJa3 || sessionUserAgents) {
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
        fields.set(f.scoreSource, source.symbol());
        RequestEvent e = fields.attached(f.event);
        describe(e, request, isStatic, fields.length(f.detectionIds) > 0, heuristics.browserLike());
        e.scoreSource = source;
        e.score = score;
        e.inconsistent = consistency.anyDisagrees();
        if (detections != null) {
            keepForDetectionLog(fields, score, source, featuresAvailable, shadowed);
        }
    }

    /**
     * Copies what the detection log needs from this loop's scratch (the input vector and keys
     * that the next request overwrites) into the request's own record (its attachment), when it is
     * sampled.
     * The vector is complete for every request, whatever decided the score: request features and
     * stored features or their defaults were both filled above.
     */
    private void keepForDetectionLog(Fields fields, int score, ScoreSource source, boolean featuresAvailable,
                                     boolean shadowed) {
        BoolField submission = challengeSubmission;
        PendingRecord r = detections.begin(fields.attached(f.pendingRecord),
                submission != null && fields.isSet(submission) && fields.get(submission));
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

    /** When and to whom the request's session cookie was issued ({@link IssuedSessions#find}); none without the features. */
    private long issuedSession(RequestView request, long at) {
        IssuedSessions sessions = shared.issuedSessions;
        if (sessions == null) {
            return IssuedSessions.NONE;
        }
        long session = shared.settings.sessionCookies().carried(request.header(f.headers.cookie()));
        return sessions.find(session, at);
    }

    /** Remembers the sessions the origin's response set, and to whom. */
    private void recordIssuedSessions(RequestView request, Completion completion, long at) {
        IssuedSessions sessions = shared.issuedSessions;
        if (sessions == null) {
            return;
        }
        SessionCookies names = shared.settings.sessionCookies();
        for (int i = 0, n = completion.setCookieCount(); i < n; i++) {
            sessions.issued(names.issued(completion.setCookie(i)), request.clientAddress(), at);
        }
    }

    /** Seconds since the request's challenge clearance was issued; -1 without one (or without the feature). */
    private long clearanceAge(Fields fields) {
        IntField age = clearanceAge;
        return age != null && fields.isSet(age) ? fields.get(age) : -1;
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
        long at = clock.millis(request);
        recordIssuedSessions(request, completion, at);
        if (detections != null) {
            detections.complete(fields.attached(f.pendingRecord), request.requestId(), completion, at);
        }
        if (!fields.isSet(f.scoreSource)) {
            return; // answered before the detectors ran (e.g. 413): nothing was learnt about it
        }
        // filled by this request's inspect (the score source says it ran): nothing to recompute
        RequestEvent e = fields.attached(f.event);
        scores.scored(e.scoreSource.symbol(), e.score);
        if (e.heuristicMatch) {
            for (int i = 0, n = fields.length(f.detectionIds); i < n; i++) {
                scores.detected((int) fields.get(f.detectionIds, i));
            }
        }
        e.timestampMillis = at;
        e.status = completion.status();
        e.challenge = RequestEvent.challengeCode(completion.challenge());
        events.publish(e);
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
        // the page-order windows compare a key's numbered pages: is it reading a catalogue in order?
        long span = PathTemplate.numberSpan(path);
        e.templateHash = PathTemplate.templateHash(path, span, e.pathHash);
        e.pageNumber = PathTemplate.number(path, span);
        e.method = methodCode(request.method());
        ProtocolVersion v = request.version();
        e.httpVersion = v == ProtocolVersion.HTTP_2 ? 20 : v == ProtocolVersion.HTTP_1_1 ? 11 : 10;
        e.hasCookie = request.header(f.headers.cookie()) != null;
        e.staticResource = staticResource;
        e.heuristicMatch = heuristicMatch;
        e.browserLikeUserAgent = browserLike;
        e.tls = request.isTls();
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
