package dev.bliss.bench.bot;

import dev.bliss.bench.scoring.GeneratedModel;
import dev.bliss.bot.BotManagementProvider;
import dev.bliss.config.yaml.YamlConfigReader;
import dev.bliss.plugin.Completion;
import dev.bliss.plugin.Detector;
import dev.bliss.plugin.DetectorContext;
import dev.bliss.plugin.DetectorFactory;
import dev.bliss.plugin.FirewallAction;
import dev.bliss.plugin.IpAddress;
import dev.bliss.plugin.ProtocolVersion;
import dev.bliss.plugin.RequestView;
import dev.bliss.plugin.config.ConfigSection;
import dev.bliss.plugin.field.FieldRegistry;
import dev.bliss.plugin.field.FieldScheme;
import dev.bliss.plugin.field.FieldSchemeBuilder;
import dev.bliss.plugin.field.Fields;
import dev.bliss.store.FeatureStoreWriter;
import dev.bliss.store.SnapshotBuilder;
import dev.bliss.store.SnapshotSpec;
import dev.bliss.store.WriterOptions;
import dev.bliss.store.schema.DimensionKeys;
import dev.bliss.store.schema.FeatureSchema;
import dev.bliss.store.schema.SchemaDimension;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.SplittableRandom;
import java.util.concurrent.TimeUnit;
import org.openjdk.jmh.annotations.Benchmark;
import org.openjdk.jmh.annotations.BenchmarkMode;
import org.openjdk.jmh.annotations.Fork;
import org.openjdk.jmh.annotations.Level;
import org.openjdk.jmh.annotations.Measurement;
import org.openjdk.jmh.annotations.Mode;
import org.openjdk.jmh.annotations.OutputTimeUnit;
import org.openjdk.jmh.annotations.Scope;
import org.openjdk.jmh.annotations.Setup;
import org.openjdk.jmh.annotations.State;
import org.openjdk.jmh.annotations.TearDown;
import org.openjdk.jmh.annotations.Warmup;

/**
 * The bot-management detector per request, as the issue budgets it: dimension keys (JA3/JA4 hex
 * through the Vector API codec), single-request features, six feature reads in a store of
 * 1,000,000 keys per dimension (cold in cache: each request is another client, user agent and
 * fingerprint), heuristics, verified bots, and a 200-tree depth-6 CatBoost model over 103 inputs.
 *
 * <ul>
 *   <li>{@code inspect}: the whole detector, predict included;</li>
 *   <li>{@code inspectWithoutModel}: the same detector with no model configured, i.e. our part;</li>
 * </ul>
 * CatBoost's share is the difference (and {@code CatBoostPredictBenchmark} measures it alone).
 *
 * <pre>java -jar benchmarks/target/benchmarks.jar BotDetectorBenchmark -prof gc</pre>
 * Run from the repository root (it reads config/heuristics.yaml and config/verified-bots.yaml).
 */
@State(Scope.Thread)
@BenchmarkMode(Mode.SampleTime)
@OutputTimeUnit(TimeUnit.NANOSECONDS)
@Fork(value = 1, jvmArgsAppend = {"--add-modules", "jdk.incubator.vector", "--enable-native-access=ALL-UNNAMED",
    "--add-exports", "java.base/jdk.internal.misc=ALL-UNNAMED", "-Xmx2g"})
@Warmup(iterations = 3, time = 3)
@Measurement(iterations = 5, time = 3)
public class BotDetectorBenchmark {

    static final int KEYS_PER_DIMENSION = 1_000_000;
    static final int FEATURES_PER_DIMENSION = 15;
    static final String[] DIMENSIONS = {"ip:client_ip", "ip_prefix:client_ip_prefix", "ja4:ja4", "ja3:ja3",
        "user_agent:user_agent", "header_order:header_order"};
    static final int REQUESTS = 4096;

    Path dir;
    private DetectorFactory withModel;
    private DetectorFactory withoutModel;
    private Detector scored;
    private Detector unscored;
    private Fields scoredFields;
    private Fields unscoredFields;
    Request[] requests;
    private int next;

    @Setup(Level.Trial)
    public void setUp() throws Exception {
        dir = Files.createTempDirectory("bliss-bench-bot");
        Files.copy(Path.of("config", "heuristics.yaml"), dir.resolve("heuristics.yaml"));
        Files.copy(Path.of("config", "verified-bots.yaml"), dir.resolve("verified-bots.yaml"));
        Files.writeString(dir.resolve("features.yaml"), featuresYaml());
        FeatureSchema schema = dev.bliss.bot.features.FeatureSchemaReader.read(
                YamlConfigReader.read(dir.resolve("features.yaml"))).schema();
        List<String> inputs = schema.inputNames();
        Files.writeString(dir.resolve("model.json"), GeneratedModel.json(inputs, 200, 6, 16, 42));
        Files.writeString(dir.resolve("models.yaml"), "watch_interval: 0s\nmodels:\n  - name: main\n    file: model.json\n"
                + "    role: primary\n    features: [" + String.join(", ", inputs) + "]\n");
        Files.writeString(dir.resolve("no-models.yaml"), "watch_interval: 0s\nmodels: []\n");

        SplittableRandom random = new SplittableRandom(11);
        requests = new Request[REQUESTS];
        for (int i = 0; i < REQUESTS; i++) {
            requests[i] = new Request(random);
        }
        publish(schema, random);
        withModel = prepare("models.yaml");
        withoutModel = prepare("no-models.yaml");
    }

    Path storePrefix() {
        return dir.resolve("store").resolve("features");
    }

    private DetectorFactory prepare(String models) throws Exception {
        ConfigSection config = ConfigSection.root(YamlConfigReader.parse("bench.yaml",
                "store: store/features\nmodels: " + models + "\nfingerprint_headers: {ja3: x-ja3, ja4: x-ja4}\n"));
        FieldSchemeBuilder builder = new FieldSchemeBuilder();
        builder.registryFor("challenge").produceInt("bot.clearance.age"); // the proxy's host field, which clearance_age reads
        FieldRegistry registry = builder.registryFor("bot");
        DetectorFactory factory = new BotManagementProvider().prepare(new DetectorContext() {
            public String name() { return "bot"; }
            public ConfigSection config() { return config; }
            public FieldRegistry fields() { return registry; }
            public Path configDirectory() { return dir; }
            public int eventLoops() { return 1; }
        });
        FieldScheme scheme = builder.build();
        if (models.equals("models.yaml")) {
            scored = factory.newDetector();
            scoredFields = scheme.newTable();
        } else {
            unscored = factory.newDetector();
            unscoredFields = scheme.newTable();
        }
        return factory;
    }

    /** Every request's keys plus random ones, to 1,000,000 per dimension. */
    private void publish(FeatureSchema schema, SplittableRandom random) throws Exception {
        Files.createDirectories(storePrefix().getParent());
        SnapshotSpec.Builder spec = SnapshotSpec.builder(schema.hash()).createdAtMillis(System.currentTimeMillis() + 3_600_000);
        for (SchemaDimension d : schema.dimensions()) {
            spec.dimension(d.name(), KEYS_PER_DIMENSION, d.featureNames());
        }
        float[] vector = new float[FEATURES_PER_DIMENSION];
        try (FeatureStoreWriter writer = FeatureStoreWriter.open(WriterOptions.forPrefix(storePrefix()))) {
            SnapshotBuilder b = writer.begin(spec.build());
            for (int d = 0; d < DIMENSIONS.length; d++) {
                for (Request r : requests) {
                    for (int f = 0; f < vector.length; f++) {
                        vector[f] = (float) random.nextDouble(0, 16);
                    }
                    b.put(d, r.keys[d], vector);
                }
                for (int k = requests.length; k < KEYS_PER_DIMENSION; k++) {
                    b.put(d, random.nextLong(), vector);
                }
            }
            writer.write(b);
        }
    }

    private static String featuresYaml() {
        StringBuilder y = new StringBuilder("request_features: [header_count, has_accept, has_accept_language, "
                + "has_accept_encoding, has_cookie, has_referer, http_version, method_safe, path_depth, query_length, "
                + "user_agent_length, tls, browser_like_user_agent]\ndimensions:\n");
        for (String d : DIMENSIONS) {
            String[] nameKey = d.split(":");
            y.append("  - name: ").append(nameKey[0]).append("\n    key: ").append(nameKey[1])
                    .append("\n    max_keys: ").append(KEYS_PER_DIMENSION).append("\n    features:\n");
            for (int f = 0; f < FEATURES_PER_DIMENSION; f++) {
                y.append("      - {name: f").append(f).append(", aggregation: count, window: ").append(f + 1).append("m}\n");
            }
        }
        return y.toString();
    }

    @TearDown(Level.Trial)
    public void tearDown() throws Exception {
        withModel.close();
        withoutModel.close();
        try (var files = Files.walk(dir)) {
            files.sorted(java.util.Comparator.reverseOrder()).forEach(p -> p.toFile().delete());
        }
    }

    @Benchmark
    public Fields inspect() {
        Request r = requests[next++ & (REQUESTS - 1)];
        scoredFields.reset();
        scored.inspect(r, scoredFields);
        return scoredFields;
    }

    @Benchmark
    public Fields inspectWithoutModel() {
        Request r = requests[next++ & (REQUESTS - 1)];
        unscoredFields.reset();
        unscored.inspect(r, unscoredFields);
        return unscoredFields;
    }

    /**
     * {@link #inspectWithoutModel} and the request's log phase, as the proxy calls them: the log
     * phase publishes the request event and frees its slot. Without it, as in the benchmarks
     * above, each of the 4,096 requests keeps an event slot of its own and {@code inspect} fills
     * a cold one every time, where a proxy with a few dozen requests in flight reuses warm ones.
     */
    @Benchmark
    public Fields inspectAndCompleteWithoutModel() {
        Request r = requests[next++ & (REQUESTS - 1)];
        unscoredFields.reset();
        unscored.inspect(r, unscoredFields);
        unscored.onComplete(r, unscoredFields, OK);
        return unscoredFields;
    }

    /** {@link #inspectWithoutModel} for a request of the caller's (tools that build their own traffic). */
    Fields inspectWithoutModel(Request r) {
        unscoredFields.reset();
        unscored.inspect(r, unscoredFields);
        return unscoredFields;
    }

    /** A request answered 200 by the origin, no rule matched. */
    static final Completion OK = new Completion() {
        public int status() { return 200; }
        public CharSequence ruleId() { return null; }
        public FirewallAction action() { return FirewallAction.NONE; }
        public CharSequence localReason() { return null; }
        public long durationNanos() { return 150_000; }
    };

    /**
     * One client: its own address, browser user agent and fingerprints, from a trusted balancer,
     * with a request id as the proxy makes them.
     */
    static final class Request implements RequestView {
        final IpAddress client = new IpAddress();
        final long[] keys = new long[DIMENSIONS.length];
        private final String[] names = {"host", "user-agent", "accept", "accept-language", "accept-encoding", "x-ja3", "x-ja4"};
        private final String[] values;
        /** The user agent is handed out as a new String at each lookup, as the proxy's header decoder makes one per request. */
        private boolean freshUserAgent;

        Request(SplittableRandom random) {
            client.setIpv4(random.nextInt());
            String ua = "Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/"
                    + (100 + random.nextInt(40)) + ".0." + random.nextInt(10_000) + ".0 Safari/537.36";
            String ja3 = hex(random, 32);
            String ja4 = "t13d1516h2_" + hex(random, 12) + "_" + hex(random, 12);
            values = new String[] {"shop.example", ua, "text/html", "en-GB", "gzip, br", ja3, ja4};
            keys[0] = DimensionKeys.clientIp(client.high(), client.low());
            keys[1] = DimensionKeys.clientIpPrefix(client.high(), client.low());
            keys[2] = DimensionKeys.ja4(ja4);
            keys[3] = DimensionKeys.ja3(ja3);
            keys[4] = DimensionKeys.text(ua);
            long order = DimensionKeys.headerOrderSeed();
            for (String n : names) {
                order = DimensionKeys.headerOrderStep(order, n);
            }
            keys[5] = order;
        }

        /**
         * This request with {@code userAgent} instead of its own, as a new String at each lookup
         * (so a cached {@code String.hashCode} does not flatter a memo keyed by it).
         */
        Request withFreshUserAgent(String userAgent) {
            values[1] = userAgent;
            keys[4] = DimensionKeys.text(userAgent);
            freshUserAgent = true;
            return this;
        }

        private static String hex(SplittableRandom random, int n) {
            StringBuilder b = new StringBuilder(n);
            for (int i = 0; i < n; i++) {
                b.append(Character.forDigit(random.nextInt(16), 16));
            }
            return b.toString();
        }

        public CharSequence method() { return "GET"; }
        public CharSequence uri() { return "/shop/item?id=7"; }
        public CharSequence path() { return "/shop/item"; }
        public CharSequence query() { return "id=7"; }
        public CharSequence host() { return "shop.example"; }
        public ProtocolVersion version() { return ProtocolVersion.HTTP_2; }
        public boolean isTls() { return true; }
        public int localPort() { return 443; }
        public IpAddress clientAddress() { return client; }
        public int headerCount() { return names.length; }
        public CharSequence headerName(int i) { return names[i]; }
        public CharSequence headerValue(int i) { return i == 1 && freshUserAgent ? new String(values[1]) : values[i]; }
        public long receivedNanos() { return 0; }
        public boolean fromTrustedProxy() { return true; }
        public CharSequence requestId() { return "5f0c9a1e-0000-00000000002a"; }

        public CharSequence header(CharSequence name) {
            for (int i = 0; i < names.length; i++) {
                if (names[i].contentEquals(name)) {
                    return headerValue(i);
                }
            }
            return null;
        }
    }
}
