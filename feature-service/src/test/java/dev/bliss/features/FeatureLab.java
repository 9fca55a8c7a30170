package dev.bliss.features;

import dev.bliss.bot.features.FeatureSchemaReader;
import dev.bliss.config.yaml.YamlConfigReader;
import dev.bliss.proxy.ProxyServer;
import dev.bliss.proxy.testing.Proxies;
import dev.bliss.proxy.testing.RawHttp;
import dev.bliss.store.FeatureStoreReader;
import dev.bliss.store.ReaderOptions;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.concurrent.locks.LockSupport;
import java.util.function.BooleanSupplier;

/**
 * A configuration directory for tests of the feature service with the real proxy: the shipped
 * features.yaml, heuristics and verified bots, a one-tree CatBoost JSON model over
 * {@code ip.distinct_ua_10m} (raw +3 above 10.5 distinct user agents, else -3: score 20 or 46),
 * and the store and events ring in the directory.
 */
final class FeatureLab {

    static final int AUTOMATED_SCORE = 20;
    static final int HUMAN_SCORE = 46;

    final Path dir;
    final FeatureSchemaReader.Result schema;

    FeatureLab(Path dir) throws Exception {
        this.dir = dir;
        Path shipped = Path.of("..", "config");
        for (String f : new String[] {"features.yaml", "heuristics.yaml", "verified-bots.yaml"}) {
            Files.copy(shipped.resolve(f), dir.resolve(f));
        }
        schema = FeatureSchemaReader.read(YamlConfigReader.read(dir.resolve("features.yaml")));
        withOneTreeModel("ip.distinct_ua_10m", 10.5);
        Files.writeString(dir.resolve("rules.yaml"), "rules: []\n");
    }

    /**
     * Serves a one-tree model on {@code feature}: above {@code border} automated
     * ({@link #AUTOMATED_SCORE}), else human ({@link #HUMAN_SCORE}).
     */
    FeatureLab withOneTreeModel(String feature, double border) throws Exception {
        Files.writeString(dir.resolve("model.json"), """
                {"model_info": {"params": {"loss_function": {"type": "Logloss", "params": {}}}},
                 "features_info": {"float_features": [
                   {"feature_index": 0, "flat_feature_index": 0, "feature_id": "%s",
                    "has_nans": false, "nan_value_treatment": "AsIs", "borders": [%s]}]},
                 "oblivious_trees": [
                   {"splits": [{"split_index": 0, "float_feature_index": 0, "border": %s, "split_type": "FloatFeature"}],
                    "leaf_values": [-3.0, 3.0]}],
                 "scale_and_bias": [1.0, [0.0]]}
                """.formatted(feature, border, border));
        Files.writeString(dir.resolve("models.yaml"), """
                watch_interval: 0s
                models:
                  - name: main
                    file: model.json
                    role: primary
                    features: [%s]
                """.formatted(feature));
        return this;
    }

    /** Replaces the one-tree model with the models bliss ships (config/models.yaml: bot-v2, bot-v1 shadow). */
    FeatureLab withShippedModels() throws Exception {
        Path shipped = Path.of("..", "config");
        Files.copy(shipped.resolve("models.yaml"), dir.resolve("models.yaml"), java.nio.file.StandardCopyOption.REPLACE_EXISTING);
        Files.createDirectories(dir.resolve("models"));
        try (var files = Files.list(shipped.resolve("models"))) {
            for (Path f : (Iterable<Path>) files::iterator) {
                Files.copy(f, dir.resolve("models").resolve(f.getFileName()));
            }
        }
        return this;
    }

    Path storePrefix() {
        return dir.resolve("store").resolve("features");
    }

    /** The events rings' directory. */
    Path ring() {
        return dir.resolve("store").resolve("events");
    }

    FeatureServiceOptions serviceOptions(Duration publishInterval) {
        return new FeatureServiceOptions().storePrefix(storePrefix()).publishInterval(publishInterval).admin("127.0.0.1", 0);
    }

    FeatureService startService(Duration publishInterval) throws Exception {
        return FeatureService.start(serviceOptions(publishInterval), schema.schema(), schema.maxKeys());
    }

    /** A proxy to {@code originUrl} with the bot plugin on this lab's store and ring. */
    ProxyServer startProxy(String originUrl, String maxFeatureAge) throws Exception {
        return startProxy(originUrl, maxFeatureAge, "");
    }

    /** As {@link #startProxy(String, String)}, with more lines of the plugin's config (indented by 6). */
    ProxyServer startProxy(String originUrl, String maxFeatureAge, String pluginConfig) throws Exception {
        return startProxy(originUrl, maxFeatureAge, pluginConfig, "{host: 127.0.0.1, port: 0}");
    }

    /**
     * As {@link #startProxy(String, String)} on an HTTPS listener with the proxy module's
     * self-signed test certificate: the proxy terminates TLS and computes each connection's
     * JA3/JA4 itself, as in production.
     */
    ProxyServer startTlsProxy(String originUrl, String maxFeatureAge) throws Exception {
        for (String name : new String[] {"cert.pem", "key.pem"}) {
            try (var in = FeatureLab.class.getResourceAsStream("/tls/" + name)) {
                Files.copy(in, dir.resolve(name), java.nio.file.StandardCopyOption.REPLACE_EXISTING);
            }
        }
        return startProxy(originUrl, maxFeatureAge, "", "{host: 127.0.0.1, port: 0, tls: {certificate: cert.pem, key: key.pem}}");
    }

    private ProxyServer startProxy(String originUrl, String maxFeatureAge, String pluginConfig, String listener)
            throws Exception {
        String yaml = """
                proxy: {event_loops: 2}
                listeners: [%s]
                admin: {host: 127.0.0.1, port: 0}
                trusted_proxies: [127.0.0.0/8]
                upstreams:
                  app: {origins: [%s]}
                routes: [{upstream: app}]
                rules: rules.yaml
                plugins:
                  - name: bot
                    type: bot-management
                    config:
                      store: store/features
                      max_feature_age: %s
                """.formatted(listener, originUrl, maxFeatureAge) + pluginConfig;
        return ProxyServer.start(Proxies.options(yaml, dir));
    }

    FeatureStoreReader reader() throws Exception {
        return FeatureStoreReader.open(ReaderOptions.forPrefix(storePrefix()));
    }

    static String browser(int version) {
        return "Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0."
                + version + ".0 Safari/537.36";
    }

    static RawHttp.Response get(ProxyServer proxy, String client, String userAgent) throws Exception {
        return get(proxy, client, userAgent, "/page");
    }

    static RawHttp.Response get(ProxyServer proxy, String client, String userAgent, String path) throws Exception {
        try (RawHttp c = new RawHttp(proxy.port(0))) {
            return c.exchange("GET " + path + " HTTP/1.1\r\nHost: shop.example\r\nX-Forwarded-For: " + client
                    + "\r\nUser-Agent: " + userAgent + "\r\nAccept: text/html\r\nAccept-Language: en");
        }
    }

    static String http(String url) throws Exception {
        return HttpClient.newHttpClient().send(HttpRequest.newBuilder(URI.create(url)).build(),
                HttpResponse.BodyHandlers.ofString()).body();
    }

    static HttpResponse<String> post(String url, String contentType, String body) throws Exception {
        return HttpClient.newHttpClient().send(HttpRequest.newBuilder(URI.create(url)).header("content-type", contentType)
                .POST(HttpRequest.BodyPublishers.ofString(body)).build(), HttpResponse.BodyHandlers.ofString());
    }

    static String proxyMetrics(ProxyServer proxy) throws Exception {
        return http("http://127.0.0.1:" + proxy.adminPort() + "/metrics");
    }

    /** Waits for {@code condition}, checking every few milliseconds, failing after {@code within}. */
    static void await(String what, Duration within, BooleanSupplier condition) {
        long deadline = System.nanoTime() + within.toNanos();
        while (!condition.getAsBoolean()) {
            if (System.nanoTime() > deadline) {
                throw new AssertionError(what + ": not within " + within);
            }
            LockSupport.parkNanos(5_000_000);
        }
    }
}
