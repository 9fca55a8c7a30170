package dev.bliss.bench.features;

import dev.bliss.bot.events.RequestEvent;
import dev.bliss.bot.features.FeatureSchemaReader;
import dev.bliss.config.yaml.YamlConfigReader;
import dev.bliss.store.schema.DimensionKeys;
import dev.bliss.store.schema.FeatureSchema;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.SplittableRandom;

/**
 * Synthetic traffic over the shipped schema (config/features.yaml): {@code ips} client addresses
 * in /24 networks of up to 16 clients, 2,000 user agents, 300 JA4 and JA3 fingerprints and 200
 * header orders, so that the address dimensions hold most keys as they do in production.
 */
final class BenchTraffic {

    static final int USER_AGENTS = 2_000;
    static final int FINGERPRINTS = 300;
    static final int HEADER_ORDERS = 200;

    private BenchTraffic() {
    }

    /** The shipped schema, found from the repository root or the benchmarks directory. */
    static FeatureSchemaReader.Result schema() {
        for (String p : new String[] {"config/features.yaml", "../config/features.yaml"}) {
            if (Files.exists(Path.of(p))) {
                try {
                    return FeatureSchemaReader.read(YamlConfigReader.read(Path.of(p)));
                } catch (Exception e) {
                    throw new IllegalStateException(e);
                }
            }
        }
        throw new IllegalStateException("run from the repository root: config/features.yaml not found");
    }

    /** Fills {@code e} with request {@code i} of a population of {@code ips} clients at {@code timestamp}. */
    static void fill(RequestEvent e, FeatureSchema schema, SplittableRandom random, int ips, long timestamp) {
        int client = random.nextInt(ips);
        long high = 0;
        long low = 0xFFFF_0000_0000L | (0x0A00_0000L + (client / 16) * 256L + client % 16);
        int ua = random.nextInt(USER_AGENTS);
        int fp = random.nextInt(FINGERPRINTS);
        for (int d = 0; d < e.keys.length; d++) {
            e.hasKey[d] = true;
            e.keys[d] = switch (schema.dimensions().get(d).source()) {
                case CLIENT_IP -> DimensionKeys.clientIp(high, low);
                case CLIENT_IP_PREFIX -> DimensionKeys.clientIpPrefix(high, low);
                case USER_AGENT -> DimensionKeys.mix(ua + 1);
                case JA3, JA4 -> DimensionKeys.mix(fp + 100_000L * (d + 1));
                case HEADER_ORDER -> DimensionKeys.mix(random.nextInt(HEADER_ORDERS) + 7_000_000L);
                case HEADER -> DimensionKeys.mix(client + 9_000_000L);
            };
        }
        e.timestampMillis = timestamp;
        e.userAgentHash = DimensionKeys.mix(ua + 1);
        e.pathHash = DimensionKeys.mix(random.nextInt(500) + 3_000_000L);
        e.status = random.nextInt(20) == 0 ? 404 : 200;
        e.httpVersion = random.nextBoolean() ? 20 : 11;
        e.hasCookie = random.nextBoolean();
        e.staticResource = random.nextInt(4) == 0;
    }
}
