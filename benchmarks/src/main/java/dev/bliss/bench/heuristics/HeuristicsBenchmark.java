package dev.bliss.bench.heuristics;

import dev.bliss.bot.heuristics.HeuristicsConfig;
import dev.bliss.bot.heuristics.HeuristicsVerdict;
import dev.bliss.bot.heuristics.StaticResources;
import dev.bliss.bot.heuristics.UserAgentHeuristics;
import dev.bliss.bot.verified.VerifiedBotVerdict;
import dev.bliss.bot.verified.VerifiedBots;
import dev.bliss.plugin.IpAddress;
import dev.bliss.plugin.ProtocolVersion;
import dev.bliss.plugin.RequestView;
import java.nio.file.Path;
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
import org.openjdk.jmh.annotations.Warmup;

/**
 * The per-request cost of the heuristics with the shipped {@code config/heuristics.yaml} and
 * {@code config/verified-bots.yaml} (run from the repository root, or pass
 * {@code -jvmArgsAppend -Dbliss.config=DIR}):
 * <ul>
 *   <li>{@code classifyBrowser}: a 111-character Chrome user agent in a browser request (one
 *       automaton pass, every rule, both header checks): no rule fires;
 *   <li>{@code classifyCrawler}: Googlebot's smartphone user agent (199 characters), four rules fire;
 *   <li>{@code classifyTool}: {@code curl/8.5.0};
 *   <li>{@code verifiedGooglebot}: the verified-bot check of Googlebot from one of its addresses
 *       (automaton pass plus a binary search), and {@code verifiedNone} of the Chrome agent;
 *   <li>{@code staticPath}: the static-resource check of a path with a query.
 * </ul>
 * All should show {@code gc.alloc.rate.norm} 0 B/op.
 */
@BenchmarkMode(Mode.AverageTime)
@OutputTimeUnit(TimeUnit.NANOSECONDS)
@Fork(value = 1, jvmArgsAppend = {"--add-modules=jdk.incubator.vector", "--enable-native-access=ALL-UNNAMED"})
@Warmup(iterations = 3, time = 2)
@Measurement(iterations = 5, time = 2)
@State(Scope.Thread)
public class HeuristicsBenchmark {

    static final String CHROME = "Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 "
            + "(KHTML, like Gecko) Chrome/153.0.0.0 Safari/537.36";
    static final String GOOGLEBOT = "Mozilla/5.0 (Linux; Android 6.0.1; Nexus 5X Build/MMB29P) "
            + "AppleWebKit/537.36 (KHTML, like Gecko) Chrome/136.0.7103.92 Mobile Safari/537.36 "
            + "(compatible; Googlebot/2.1; +http://www.google.com/bot.html)";
    static final String CURL = "curl/8.5.0";

    private UserAgentHeuristics heuristics;
    private StaticResources statics;
    private VerifiedBots verifiedBots;
    private HeuristicsVerdict verdict;
    private final VerifiedBotVerdict botVerdict = new VerifiedBotVerdict();
    private final BenchRequest browserRequest = new BenchRequest(CHROME);
    private final BenchRequest crawlerRequest = new BenchRequest(GOOGLEBOT);
    private final BenchRequest toolRequest = new BenchRequest(CURL);
    private final IpAddress googleAddress = IpAddress.of("66.249.66.1");

    @Setup(Level.Trial)
    public void setUp() throws Exception {
        Path dir = Path.of(System.getProperty("bliss.config", "config"));
        HeuristicsConfig config = HeuristicsConfig.read(dir.resolve("heuristics.yaml"));
        heuristics = config.userAgents();
        statics = config.staticResources();
        verifiedBots = VerifiedBots.read(dir.resolve("verified-bots.yaml"));
        verdict = heuristics.newVerdict();
        // Timing a wrong answer is worthless.
        check(classifyBrowser() == 0 && classifyCrawler() == 4 && classifyTool() == 2, "classification");
        check(verifiedGooglebot() == VerifiedBotVerdict.Outcome.VERIFIED, "verified Googlebot");
        check(staticPath(), "static path");
    }

    @Benchmark
    public int classifyBrowser() {
        heuristics.classify(CHROME, browserRequest, verdict);
        return verdict.count();
    }

    @Benchmark
    public int classifyCrawler() {
        heuristics.classify(GOOGLEBOT, crawlerRequest, verdict);
        return verdict.count();
    }

    @Benchmark
    public int classifyTool() {
        heuristics.classify(CURL, toolRequest, verdict);
        return verdict.count();
    }

    @Benchmark
    public VerifiedBotVerdict.Outcome verifiedGooglebot() {
        verifiedBots.match(GOOGLEBOT, googleAddress, botVerdict);
        return botVerdict.outcome();
    }

    @Benchmark
    public VerifiedBotVerdict.Outcome verifiedNone() {
        verifiedBots.match(CHROME, googleAddress, botVerdict);
        return botVerdict.outcome();
    }

    @Benchmark
    public boolean staticPath() {
        return statics.isStatic("/assets/app.4f2a9c.css?v=3");
    }

    private static void check(boolean ok, String what) {
        if (!ok) {
            throw new IllegalStateException("wrong result: " + what);
        }
    }

    /** A browser request's head: eight headers, HTTP/1.1. */
    static final class BenchRequest implements RequestView {

        private final String[] names = {"host", "user-agent", "accept", "accept-language", "accept-encoding",
            "connection", "upgrade-insecure-requests", "sec-fetch-mode"};
        private final String[] values;
        private final IpAddress client = IpAddress.of("192.0.2.10");

        BenchRequest(String userAgent) {
            values = new String[] {"example.com", userAgent,
                "text/html,application/xhtml+xml,application/xml;q=0.9,*/*;q=0.8", "en-US,en;q=0.9",
                "gzip, deflate, br", "keep-alive", "1", "navigate"};
        }

        @Override
        public CharSequence method() {
            return "GET";
        }

        @Override
        public CharSequence uri() {
            return "/";
        }

        @Override
        public CharSequence path() {
            return "/";
        }

        @Override
        public CharSequence query() {
            return "";
        }

        @Override
        public CharSequence host() {
            return "example.com";
        }

        @Override
        public ProtocolVersion version() {
            return ProtocolVersion.HTTP_1_1;
        }

        @Override
        public boolean isTls() {
            return true;
        }

        @Override
        public int localPort() {
            return 443;
        }

        @Override
        public IpAddress clientAddress() {
            return client;
        }

        @Override
        public int headerCount() {
            return names.length;
        }

        @Override
        public CharSequence headerName(int i) {
            return names[i];
        }

        @Override
        public CharSequence headerValue(int i) {
            return values[i];
        }

        @Override
        public CharSequence header(CharSequence name) {
            for (int i = 0; i < names.length; i++) {
                if (names[i].contentEquals(name)) {
                    return values[i];
                }
            }
            return null;
        }

        @Override
        public long receivedNanos() {
            return 0;
        }
    }
}
