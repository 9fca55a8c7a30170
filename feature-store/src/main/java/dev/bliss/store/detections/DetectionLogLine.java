package dev.bliss.store.detections;

/**
 * The fields of one detection-log line, in the order the writer puts them: the one place the
 * names are written down. Bot management's {@code DetectionJson} writes them, training's
 * {@code DetectionLogReader} reads them; both take every name from here, as the events ring's
 * producer and consumer take every offset from {@code RequestEventLayout}.
 *
 * <pre>
 * {"ts":1764500000000,"request_id":"5f0c9a1e-0000-00000000002a","status":200,"score":23,
 *  "score_source":"machine_learning","detection_ids":[1,301],"verified":false,
 *  "features_available":true,"rule_id":"r1","action":"challenge","challenge":"issued",
 *  "shadow_scores":{"candidate":31},"keys":{"ip":"9e3779b97f4a7c15",…},
 *  "features":{"header_count":7.0,…,"ip.reqs_1m":12.0,…}}
 * </pre>
 *
 * <p>Values: {@code score_source} is a {@code ScoreSource} text, {@code action} a
 * {@code FirewallAction} text, {@code challenge} a {@code ChallengeOutcome} text (all in
 * plugin-api); {@code keys} maps features.yaml dimension names to 16 lowercase hex digits;
 * {@code features} maps the model input names (request features by name, store features as
 * {@code <dimension>.<feature>}) to numbers, {@code null} where not finite. {@code verified_category},
 * {@code rule_id}, {@code challenge} and {@code shadow_scores} are left out when they do not apply.
 * A reader ignores fields it does not know, so a field may be added without breaking older
 * trainers; renaming one is a format change for both sides.
 */
public final class DetectionLogLine {

    /** When the request arrived, epoch milliseconds. */
    public static final String TS = "ts";
    /** The proxy's request id: the join key with ground truth. */
    public static final String REQUEST_ID = "request_id";
    public static final String STATUS = "status";
    public static final String SCORE = "score";
    public static final String SCORE_SOURCE = "score_source";
    public static final String DETECTION_IDS = "detection_ids";
    public static final String VERIFIED = "verified";
    public static final String VERIFIED_CATEGORY = "verified_category";
    public static final String FEATURES_AVAILABLE = "features_available";
    public static final String RULE_ID = "rule_id";
    public static final String ACTION = "action";
    public static final String CHALLENGE = "challenge";
    public static final String SHADOW_SCORES = "shadow_scores";
    public static final String KEYS = "keys";
    public static final String FEATURES = "features";
    /** The key of {@link #KEYS} a trainer groups a client's rows by: the shipped schema's client-address dimension. */
    public static final String CLIENT_KEY = "ip";

    private DetectionLogLine() {
    }
}
