package dev.bliss.bench.bot;

import dev.bliss.bot.features.FeatureSchemaReader;
import dev.bliss.bot.consistency.ClientConsistency;
import dev.bliss.bot.features.RequestFeatureExtractor;
import dev.bliss.bot.features.StoreConnection;
import dev.bliss.bot.features.StoreFeatureReader;
import dev.bliss.bot.heuristics.HeuristicsConfig;
import dev.bliss.bot.heuristics.HeuristicsVerdict;
import dev.bliss.bot.heuristics.UserAgentHeuristics;
import dev.bliss.bot.keys.Fingerprints;
import dev.bliss.bot.keys.RequestKeys;
import dev.bliss.bot.verified.VerifiedBotVerdict;
import dev.bliss.bot.verified.VerifiedBots;
import dev.bliss.config.yaml.YamlConfigReader;
import dev.bliss.store.schema.FeatureSchema;
import java.lang.management.ManagementFactory;
import java.lang.management.ThreadMXBean;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.function.ToLongFunction;

/**
 * Where {@link BotDetectorBenchmark}'s request goes: the thread CPU time per request of each
 * stage of the detector, called on its own over the same 4,096 requests and the same store of
 * 1,000,000 keys per dimension, next to the whole detector with and without its model. Thread
 * CPU time does not count time the thread spent descheduled, which on the shared 2-core machine
 * dominates wall-clock figures; it still counts every stall on memory (and caches another
 * process has evicted). Rounds interleave the stages; the first two rounds are warm-up.
 *
 * <pre>
 * java --add-modules jdk.incubator.vector --enable-native-access=ALL-UNNAMED \
 *   --add-exports java.base/jdk.internal.misc=ALL-UNNAMED \
 *   -cp benchmarks/target/benchmarks.jar dev.bliss.bench.bot.BotDetectorStages [rounds]
 * </pre>
 * Run from the repository root (it reads config/heuristics.yaml and config/verified-bots.yaml).
 */
public final class BotDetectorStages {

    private static final ThreadMXBean THREADS = ManagementFactory.getThreadMXBean();
    private static final int CALLS = 400_000;
    private static final int WARM_UP_ROUNDS = 2;

    private BotDetectorStages() {
    }

    public static void main(String[] args) throws Exception {
        int rounds = args.length > 0 ? Integer.parseInt(args[0]) : 9;
        BotDetectorBenchmark lab = new BotDetectorBenchmark();
        lab.setUp();
        try {
            measure(lab, rounds);
        } finally {
            lab.tearDown();
        }
    }

    private static void measure(BotDetectorBenchmark lab, int rounds) throws Exception {
        BotDetectorBenchmark.Request[] requests = lab.requests;
        int n = requests.length;
        FeatureSchema schema = FeatureSchemaReader.read(YamlConfigReader.read(lab.dir.resolve("features.yaml"))).schema();
        HeuristicsConfig heuristics = HeuristicsConfig.read(lab.dir.resolve("heuristics.yaml"));
        VerifiedBots bots = VerifiedBots.read(lab.dir.resolve("verified-bots.yaml"));
        UserAgentHeuristics rulesOnly = heuristics.userAgents();
        UserAgentHeuristics withClaims = rulesOnly.withClaims(bots.userAgentPatterns());
        HeuristicsVerdict rulesVerdict = rulesOnly.newVerdict();
        HeuristicsVerdict claimsVerdict = withClaims.newVerdict();
        VerifiedBotVerdict botVerdict = new VerifiedBotVerdict();
        Fingerprints fingerprints = new Fingerprints();
        RequestKeys keys = new RequestKeys(schema, dev.bliss.plugin.HeaderName::of);
        RequestFeatureExtractor extractor = new RequestFeatureExtractor(schema.requestFeatures(), dev.bliss.bot.BotHeaders.byText());
        ClientConsistency consistency = new ClientConsistency(heuristics.tlsStacks());
        float[] input = new float[schema.inputLength()];
        StoreConnection store = new StoreConnection(lab.storePrefix());
        StoreFeatureReader reader = new StoreFeatureReader(store, schema, 3_600_000);
        // each request's keys, computed once, so that the store stage is the reads alone
        RequestKeys[] keysOf = new RequestKeys[n];
        for (int i = 0; i < n; i++) {
            BotDetectorBenchmark.Request r = requests[i];
            keysOf[i] = new RequestKeys(schema, dev.bliss.plugin.HeaderName::of);
            keysOf[i].compute(r, r.header("user-agent"), fingerprints.ja3Key(r.header("x-ja3")),
                    fingerprints.ja4Key(r.header("x-ja4")));
        }
        int[] next = {0};
        // the same clients sending 64 browser user agents between them, each lookup a new String:
        // real traffic repeats a few thousand user agents, and the proxy decodes each request's anew
        java.util.SplittableRandom random = new java.util.SplittableRandom(23);
        String[] common = new String[64];
        for (int i = 0; i < common.length; i++) {
            common[i] = "Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/"
                    + (120 + i % 12) + ".0." + (6000 + i) + ".0 Safari/537.36";
        }
        BotDetectorBenchmark.Request[] repeating = new BotDetectorBenchmark.Request[n];
        for (int i = 0; i < n; i++) {
            repeating[i] = new BotDetectorBenchmark.Request(random).withFreshUserAgent(common[random.nextInt(common.length)]);
        }

        Map<String, ToLongFunction<BotDetectorBenchmark.Request>> stages = new LinkedHashMap<>();
        stages.put("JA3 + JA4 text to keys (hex)", r -> fingerprints.ja3Key(r.header("x-ja3")) ^ fingerprints.ja4Key(r.header("x-ja4")));
        stages.put("dimension keys (6)", r -> {
            keys.compute(r, r.header("user-agent"), 1, 2);
            return keys.key(5);
        });
        stages.put("dimension keys (6), 64 user agents repeating", r -> {
            BotDetectorBenchmark.Request q = repeating[(next[0] - 1) & (n - 1)];
            keys.compute(q, q.header("user-agent"), 1, 2);
            return keys.key(5);
        });
        stages.put("new String of the user agent alone (the two stages above and below include one)", r -> {
            BotDetectorBenchmark.Request q = repeating[(next[0] - 1) & (n - 1)];
            return q.header("user-agent").length();
        });
        stages.put("request features (consistency included), 64 user agents repeating", r -> {
            BotDetectorBenchmark.Request q = repeating[(next[0] - 1) & (n - 1)];
            CharSequence ua = q.header("user-agent");
            extractor.extract(q, ua, true, consistency.evaluate(q, ua, q.header("x-ja4"), false), -1, 0, 0, input);
            return (long) input[0];
        });
        stages.put("request features", r -> {
            CharSequence ua = r.header("user-agent");
            extractor.extract(r, ua, true, consistency.evaluate(r, ua, r.header("x-ja4"), false), -1, 0, 0, input);
            return (long) input[0];
        });
        stages.put("store reads (6, batched)", r -> {
            reader.read(keysOf[(next[0] - 1) & (n - 1)], input, System.currentTimeMillis());
            return (long) input[20];
        });
        stages.put("heuristics, rules only (before: walk 1)", r -> {
            rulesOnly.classify(r.header("user-agent"), r, rulesVerdict);
            return rulesVerdict.count();
        });
        stages.put("verified bots, own walk (before: walk 2)", r -> {
            bots.match(r.header("user-agent"), r.clientAddress(), botVerdict);
            return botVerdict.outcome().ordinal();
        });
        stages.put("heuristics with claims (after: one walk)", r -> {
            withClaims.classify(r.header("user-agent"), r, claimsVerdict);
            return claimsVerdict.count();
        });
        String repeated = requests[0].header("user-agent").toString();
        stages.put("heuristics with claims, the same user agent again (a new String each time)", r -> {
            withClaims.classify(new String(repeated), r, claimsVerdict);
            return claimsVerdict.count();
        });
        stages.put("verified bots from claims (after)", r -> {
            bots.match(claimsVerdict.claims(), r.clientAddress(), botVerdict);
            return botVerdict.outcome().ordinal();
        });
        stages.put("static resource", r -> heuristics.staticResources().isStatic(r.path()) ? 1 : 0);
        stages.put("store reads, then heuristics with claims", r -> {
            reader.read(keysOf[(next[0] - 1) & (n - 1)], input, System.currentTimeMillis());
            withClaims.classify(r.header("user-agent"), r, claimsVerdict);
            return claimsVerdict.count() + (long) input[20];
        });
        // the stages above in the detector's order, without its fields, counters and header lookups
        stages.put("all stages in sequence", r -> {
            CharSequence ua = r.header("user-agent");
            long ja3 = fingerprints.ja3Key(r.header("x-ja3"));
            long ja4 = fingerprints.ja4Key(r.header("x-ja4"));
            keys.compute(r, ua, ja3, ja4);
            withClaims.classify(ua, r, claimsVerdict);
            boolean isStatic = heuristics.staticResources().isStatic(r.path());
            extractor.extract(r, ua, claimsVerdict.browserLike(), consistency.evaluate(r, ua, r.header("x-ja4"), isStatic), -1, 0, 0, input);
            reader.read(keys, input, System.currentTimeMillis());
            bots.match(claimsVerdict.claims(), r.clientAddress(), botVerdict);
            return botVerdict.outcome().ordinal() + (isStatic ? 1 : 0) + (long) input[20];
        });
        stages.put("whole detector without model", r -> {
            lab.inspectWithoutModel();
            return 0;
        });
        stages.put("whole detector without model, 64 user agents repeating", r -> {
            lab.inspectWithoutModel(repeating[(next[0] - 1) & (n - 1)]);
            return 0;
        });
        stages.put("whole detector without model, then its log phase", r -> {
            lab.inspectAndCompleteWithoutModel();
            return 0;
        });
        stages.put("whole detector with model", r -> {
            lab.inspect();
            return 0;
        });

        Map<String, List<Double>> perOp = new LinkedHashMap<>();
        stages.keySet().forEach(k -> perOp.put(k, new ArrayList<>()));
        long sink = 0;
        for (int round = 0; round < rounds; round++) {
            for (Map.Entry<String, ToLongFunction<BotDetectorBenchmark.Request>> stage : stages.entrySet()) {
                ToLongFunction<BotDetectorBenchmark.Request> f = stage.getValue();
                long start = THREADS.getCurrentThreadCpuTime();
                for (int c = 0; c < CALLS; c++) {
                    int i = next[0]++ & (n - 1);
                    sink += f.applyAsLong(requests[i]);
                }
                long cpu = THREADS.getCurrentThreadCpuTime() - start;
                if (round >= WARM_UP_ROUNDS) {
                    perOp.get(stage.getKey()).add(cpu / (double) CALLS);
                }
            }
        }
        store.close();
        System.out.printf("%nthread CPU time per request, %d rounds of %,d calls (after %d warm-up rounds); load %s%n",
                rounds - WARM_UP_ROUNDS, CALLS, WARM_UP_ROUNDS,
                new String(java.nio.file.Files.readAllBytes(java.nio.file.Path.of("/proc/loadavg"))).trim());
        System.out.println("| stage | median ns | min ns |");
        System.out.println("|---|---|---|");
        for (Map.Entry<String, List<Double>> e : perOp.entrySet()) {
            double[] v = e.getValue().stream().mapToDouble(Double::doubleValue).sorted().toArray();
            System.out.printf("| %s | %.0f | %.0f |%n", e.getKey(), v[v.length / 2], v[0]);
        }
        System.out.println("(sink " + (sink & 1) + ')');
    }
}
