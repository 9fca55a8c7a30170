package dev.bliss.bench.bot;

import dev.bliss.bench.scoring.GeneratedModel;
import dev.bliss.bot.features.FeatureSchemaReader;
import dev.bliss.config.yaml.YamlConfigReader;
import dev.bliss.plugin.IpAddress;
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
import java.util.Arrays;
import java.util.Collections;
import java.util.List;
import java.util.SplittableRandom;

/**
 * What {@code benchmarks/load/run.sh --mode bot} gives the bot-management plugin: a feature store
 * and a CatBoost model of the shape the issue budgets, for the schema the proxy runs with.
 *
 * <ul>
 *   <li>{@code DIR/store/features}: one snapshot with {@code KEYS} random keys per dimension of
 *       the schema plus the load client's own keys (its address and /24, its user agent, and its
 *       header names in every order, since wrk's order is not fixed), so its lookups hit; random
 *       feature values in [0, 16), as a busy store has;</li>
 *   <li>{@code DIR/model.json}: 200 oblivious trees of depth 6 over every model input of the
 *       schema, 16 borders each ({@link GeneratedModel}); {@code DIR/models.yaml} makes it the
 *       primary model.</li>
 * </ul>
 *
 * <pre>
 * java -cp benchmarks/target/benchmarks.jar dev.bliss.bench.bot.BotLoadFixtures \
 *     DIR config/features.yaml KEYS CLIENT_IP USER_AGENT HEADER_NAME...
 * </pre>
 */
public final class BotLoadFixtures {

    private static final int TREES = 200;
    private static final int DEPTH = 6;
    private static final int BORDERS = 16;
    private static final int MAX_ORDERED_HEADERS = 7;

    private BotLoadFixtures() {
    }

    public static void main(String[] args) throws Exception {
        if (args.length < 6) {
            System.err.println("usage: BotLoadFixtures DIR FEATURES_YAML KEYS CLIENT_IP USER_AGENT HEADER_NAME...");
            System.exit(2);
        }
        Path dir = Path.of(args[0]);
        FeatureSchema schema = FeatureSchemaReader.read(YamlConfigReader.read(Path.of(args[1]))).schema();
        int keys = Integer.parseInt(args[2]);
        IpAddress client = IpAddress.of(args[3]);
        String userAgent = args[4];
        List<String> headers = Arrays.asList(args).subList(5, args.length);
        if (headers.size() > MAX_ORDERED_HEADERS) {
            throw new IllegalArgumentException("at most " + MAX_ORDERED_HEADERS + " header names (every order is stored)");
        }

        List<String> inputs = schema.inputNames();
        Files.createDirectories(dir);
        Files.writeString(dir.resolve("model.json"), GeneratedModel.json(inputs, TREES, DEPTH, BORDERS, 42));
        Files.writeString(dir.resolve("models.yaml"), "watch_interval: 0s\nmodels:\n  - name: load\n    file: model.json\n"
                + "    role: primary\n    features: [" + String.join(", ", inputs) + "]\n");

        List<Long> orders = new ArrayList<>();
        permute(new ArrayList<>(headers), 0, orders);
        Path prefix = dir.resolve("store").resolve("features");
        Files.createDirectories(prefix.getParent());
        SnapshotSpec.Builder spec = SnapshotSpec.builder(schema.hash());
        for (SchemaDimension d : schema.dimensions()) {
            spec.dimension(d.name(), keys + orders.size() + 1, d.featureNames());
        }
        SplittableRandom random = new SplittableRandom(7);
        try (FeatureStoreWriter writer = FeatureStoreWriter.open(WriterOptions.forPrefix(prefix))) {
            SnapshotBuilder b = writer.begin(spec.build());
            for (int i = 0; i < schema.dimensions().size(); i++) {
                SchemaDimension d = schema.dimensions().get(i);
                float[] vector = new float[d.features().size()];
                List<Long> own = switch (d.source()) {
                    case CLIENT_IP -> List.of(DimensionKeys.clientIp(client.high(), client.low()));
                    case CLIENT_IP_PREFIX -> List.of(DimensionKeys.clientIpPrefix(client.high(), client.low()));
                    case USER_AGENT -> List.of(DimensionKeys.text(userAgent));
                    case HEADER_ORDER -> orders;
                    default -> List.of();
                };
                for (long key : own) {
                    b.put(i, key, fill(vector, random));
                }
                for (int k = 0; k < keys; k++) {
                    b.put(i, random.nextLong(), fill(vector, random));
                }
            }
            writer.write(b);
        }
        System.out.printf("bot fixtures in %s: %,d keys per dimension (%d dimensions), model %d trees of depth %d over %d inputs%n",
                dir, keys, schema.dimensions().size(), TREES, DEPTH, inputs.size());
    }

    private static float[] fill(float[] vector, SplittableRandom random) {
        for (int f = 0; f < vector.length; f++) {
            vector[f] = (float) random.nextDouble(0, BORDERS);
        }
        return vector;
    }

    /** Adds the header-order key of every order of {@code names[from..]} after {@code names[..from)}. */
    private static void permute(List<String> names, int from, List<Long> out) {
        if (from == names.size()) {
            long key = DimensionKeys.headerOrderSeed();
            for (String n : names) {
                key = DimensionKeys.headerOrderStep(key, n);
            }
            out.add(key);
            return;
        }
        for (int i = from; i < names.size(); i++) {
            Collections.swap(names, from, i);
            permute(names, from + 1, out);
            Collections.swap(names, from, i);
        }
    }
}
