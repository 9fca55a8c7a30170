package dev.bliss.bench.proxy;

import dev.bliss.config.yaml.YamlConfigReader;
import dev.bliss.plugin.Detector;
import dev.bliss.plugin.DetectorContext;
import dev.bliss.plugin.DetectorFactory;
import dev.bliss.plugin.DetectorProvider;
import dev.bliss.plugin.IpAddress;
import dev.bliss.plugin.Completion;
import dev.bliss.plugin.FirewallAction;
import dev.bliss.plugin.OriginHeaders;
import dev.bliss.plugin.ProtocolVersion;
import dev.bliss.plugin.RequestView;
import dev.bliss.plugin.config.ConfigSection;
import dev.bliss.plugin.field.BoolField;
import dev.bliss.plugin.field.Fields;
import dev.bliss.plugin.field.IntField;
import dev.bliss.proxy.config.ProxyConfigReader;
import dev.bliss.proxy.config.ProxyOptions;
import dev.bliss.proxy.pipeline.DetectorChain;
import dev.bliss.proxy.pipeline.DetectorPipeline;
import java.util.Map;
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
 * The cost of the SPI layer per request: a chain of four detectors (each reads a header or a
 * field and writes one), the origin-header phase and the log phase, over a prepared request view.
 * What the detectors themselves do is kept trivial so the figure is the pipeline's own overhead
 * (field table reset, dispatch, per-detector timing, exception guards).
 *
 * <pre>java -jar benchmarks/target/benchmarks.jar DetectorChainBenchmark -prof gc</pre>
 */
@State(Scope.Thread)
@BenchmarkMode(Mode.AverageTime)
@OutputTimeUnit(TimeUnit.NANOSECONDS)
@Fork(value = 1, jvmArgsAppend = {"--add-modules", "jdk.incubator.vector", "--enable-native-access=ALL-UNNAMED"})
@Warmup(iterations = 3, time = 2)
@Measurement(iterations = 5, time = 2)
public class DetectorChainBenchmark {

    private DetectorPipeline pipeline;
    private DetectorChain chain;
    private Fields fields;
    private final RequestView view = new PreparedView();
    private final OriginHeaders headers = new OriginHeaders() {
        @Override
        public void set(CharSequence name, CharSequence value) {
        }

        @Override
        public void remove(CharSequence name) {
        }
    };

    /** The log phase's view of an exchange the origin answered with 200, no rule matching. */
    private static final Completion OK = new Completion() {
        public int status() { return 200; }
        public CharSequence ruleId() { return null; }
        public FirewallAction action() { return FirewallAction.NONE; }
        public CharSequence localReason() { return null; }
        public long durationNanos() { return 1_000; }
    };

    @Setup(Level.Trial)
    public void setUp() throws Exception {
        ConfigSection root = ConfigSection.root(YamlConfigReader.parse("bench.yaml", """
                listeners: [{port: 0}]
                plugins:
                  - {name: ua, type: bench-header, config: {header: user-agent}}
                  - {name: accept, type: bench-header, config: {header: accept}}
                  - {name: lang, type: bench-header, config: {header: accept-language}}
                  - {name: cookie, type: bench-header, config: {header: cookie}}
                """));
        ProxyOptions options = ProxyConfigReader.read(root, null);
        pipeline = DetectorPipeline.build(options.plugins(), Map.of("bench-header", new HeaderPresence()),
                options.baseDirectory(), 1, Map.of());
        chain = pipeline.newChain();
        fields = pipeline.scheme().newTable();
    }

    @TearDown
    public void tearDown() {
        pipeline.close();
    }

    @Benchmark
    public int request() {
        fields.reset();
        int r = chain.run(view, fields, 0);
        chain.forward(view, fields, headers);
        chain.complete(view, fields, OK);
        return r;
    }

    /** bench-header: sets {@code <name>.present} and {@code <name>.length} from one header. */
    static final class HeaderPresence implements DetectorProvider {
        @Override
        public String type() {
            return "bench-header";
        }

        @Override
        public DetectorFactory prepare(DetectorContext context) throws dev.bliss.plugin.config.ConfigException {
            String header = context.config().requireString("header");
            BoolField present = context.fields().produceBool(context.name() + ".present");
            IntField length = context.fields().produceInt(context.name() + ".length");
            return () -> new Detector() {
                @Override
                public void inspect(RequestView request, Fields f) {
                    CharSequence v = request.header(header);
                    f.set(present, v != null);
                    f.set(length, v == null ? 0 : v.length());
                }
            };
        }
    }

    static final class PreparedView implements RequestView {
        private final IpAddress client = IpAddress.of("203.0.113.7");
        private final String[] names = {"host", "user-agent", "accept", "accept-language"};
        private final String[] values = {"example.com", "Mozilla/5.0 (X11; Linux x86_64) Firefox/133.0", "*/*", "en"};

        public CharSequence method() { return "GET"; }
        public CharSequence uri() { return "/a?b=c"; }
        public CharSequence path() { return "/a"; }
        public CharSequence query() { return "b=c"; }
        public CharSequence host() { return "example.com"; }
        public ProtocolVersion version() { return ProtocolVersion.HTTP_1_1; }
        public boolean isTls() { return false; }
        public int localPort() { return 8080; }
        public IpAddress clientAddress() { return client; }
        public int headerCount() { return names.length; }
        public CharSequence headerName(int i) { return names[i]; }
        public CharSequence headerValue(int i) { return values[i]; }
        public long receivedNanos() { return 0; }

        public CharSequence header(CharSequence name) {
            for (int i = 0; i < names.length; i++) {
                if (names[i].contentEquals(name)) {
                    return values[i];
                }
            }
            return null;
        }
    }
}
