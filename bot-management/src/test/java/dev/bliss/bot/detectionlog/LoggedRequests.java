package dev.bliss.bot.detectionlog;

import dev.bliss.bot.features.FeatureSchemaReader;
import dev.bliss.bot.keys.RequestKeys;
import dev.bliss.config.yaml.YamlConfigReader;
import dev.bliss.plugin.Completion;
import dev.bliss.plugin.FirewallAction;
import dev.bliss.plugin.IpAddress;
import dev.bliss.plugin.ProtocolVersion;
import dev.bliss.plugin.RequestView;
import dev.bliss.plugin.ScoreSource;
import dev.bliss.store.schema.FeatureSchema;
import java.nio.file.Path;

/**
 * Requests for detection-log tests that bypass the detector: the shipped schema, a view with a
 * request id and a user agent, and a recorder driven as the detector drives it.
 */
final class LoggedRequests {

    static final FeatureSchema SCHEMA = schema();

    private LoggedRequests() {
    }

    private static FeatureSchema schema() {
        try {
            return FeatureSchemaReader.read(YamlConfigReader.read(Path.of("..", "config", "features.yaml"))).schema();
        } catch (Exception e) {
            throw new IllegalStateException(e);
        }
    }

    /** A record for a request of {@link #SCHEMA}, as the plugin's attachment makes it. */
    static PendingRecord record() {
        return new PendingRecord(SCHEMA.dimensions().size(), SCHEMA.inputLength());
    }

    /** Logs one request with id {@code id} through {@code recorder}, with a record of its own. */
    static boolean log(DetectionRecorder recorder, View view, String id) {
        return log(recorder, record(), view, id);
    }

    /**
     * Logs one request with id {@code id} through {@code recorder}, {@code record} being its
     * attachment; returns whether it was sampled.
     */
    static boolean log(DetectionRecorder recorder, PendingRecord record, View view, String id) {
        view.requestId = id;
        PendingRecord r = recorder.begin(record);
        if (r == null) {
            return false;
        }
        RequestKeys keys = new RequestKeys(SCHEMA, dev.bliss.plugin.HeaderName::of);
        keys.compute(view, view.header("user-agent"), 0, 0);
        float[] input = SCHEMA.defaults();
        input[0] = id.length();
        r.features(input).keys(keys).score(42, ScoreSource.MACHINE_LEARNING, true).verified(null).detectionId(7);
        recorder.complete(r, view.requestId(), ok(), 1_764_500_000_000L);
        return true;
    }

    static Completion ok() {
        return new Completion() {
            public int status() { return 200; }
            public CharSequence ruleId() { return null; }
            public FirewallAction action() { return FirewallAction.NONE; }
            public CharSequence localReason() { return null; }
            public long durationNanos() { return 1_000; }
        };
    }

    /** A request from 192.0.2.10 with a curl user agent and a settable request id. */
    static final class View implements RequestView {
        String requestId = "";
        private final IpAddress client = IpAddress.of("192.0.2.10");

        public CharSequence method() { return "GET"; }
        public CharSequence uri() { return "/"; }
        public CharSequence path() { return "/"; }
        public CharSequence query() { return ""; }
        public CharSequence host() { return "example.com"; }
        public ProtocolVersion version() { return ProtocolVersion.HTTP_1_1; }
        public boolean isTls() { return false; }
        public int localPort() { return 80; }
        public IpAddress clientAddress() { return client; }
        public int headerCount() { return 1; }
        public CharSequence headerName(int i) { return "user-agent"; }
        public CharSequence headerValue(int i) { return "curl/8.5.0"; }
        public CharSequence header(CharSequence name) { return "user-agent".contentEquals(name) ? "curl/8.5.0" : null; }
        public long receivedNanos() { return 0; }
        public CharSequence requestId() { return requestId; }
    }
}
