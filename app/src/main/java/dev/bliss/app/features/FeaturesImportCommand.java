package dev.bliss.app.features;

import dev.bliss.app.ConfigLocation;
import dev.bliss.features.importer.FeatureImporter;
import dev.bliss.features.importer.ImportException;
import dev.bliss.features.importer.ImportFormat;
import dev.bliss.features.importer.ImportedFeatures;
import dev.bliss.plugin.config.ConfigException;
import dev.bliss.store.FeatureStoreWriter;
import dev.bliss.store.SnapshotBuilder;
import dev.bliss.store.SnapshotSpec;
import dev.bliss.store.StoreException;
import dev.bliss.store.WriteResult;
import dev.bliss.store.WriterOptions;
import dev.bliss.store.schema.FeatureSchema;
import dev.bliss.store.schema.SchemaDimension;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.file.Path;
import java.util.concurrent.Callable;
import picocli.CommandLine.Command;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;

/**
 * {@code bliss features import SOURCE}: loads features computed elsewhere (CSV or JSON lines,
 * from a file or an http(s) URL) into the store under the configured schema. The whole source is
 * parsed first; a bad line is reported with its number and nothing is published.
 *
 * <p>With no feature service running, it writes one snapshot of the imported features itself.
 * When a service holds the store, it hands the source to the service's admin endpoint, which
 * publishes the imported vectors beneath its own in every following snapshot.
 */
@Command(name = "import", mixinStandardHelpOptions = true,
        description = "Import feature values (CSV: dimension,key,feature,value; or JSON lines) from a file or URL, all or nothing.")
public final class FeaturesImportCommand implements Callable<Integer> {

    @Parameters(index = "0", paramLabel = "SOURCE", description = "A file, or an http(s) URL")
    String source;

    @Option(names = "--format", description = "csv or jsonl (default: csv for names ending .csv, else jsonl)")
    String format;

    @Option(names = {"-c", "--config"}, defaultValue = "config/bliss.yaml",
            description = "bliss.yaml; its feature_service section names the store and features.yaml (default: ${DEFAULT-VALUE}).")
    Path config;

    @Option(names = "--store", description = "The store's path prefix, instead of the configured one.")
    Path store;

    @Override
    public Integer call() {
        ServiceConfig c;
        try {
            c = ServiceConfig.read(ConfigLocation.resolve(config));
        } catch (ConfigException e) {
            System.err.println("bliss: " + e.getMessage());
            return 2;
        }
        ImportFormat f = format == null ? null : ImportFormat.byName(format);
        if (format != null && f == null) {
            System.err.println("bliss features import: --format must be csv or jsonl");
            return 2;
        }
        String where = source.startsWith("http://") || source.startsWith("https://") ? source
                : Path.of(source).toAbsolutePath().toString();
        FeatureSchema schema = c.schema().schema();
        ImportedFeatures imported;
        try {
            imported = new FeatureImporter(schema).read(where, f);
        } catch (ImportException e) {
            System.err.println("bliss features import: " + e.getMessage());
            return 1;
        }
        Path prefix = store != null ? store : c.settings().options().storePrefix();
        try (FeatureStoreWriter writer = FeatureStoreWriter.open(WriterOptions.forPrefix(prefix))) {
            WriteResult result = publish(writer, schema, imported);
            System.out.println("imported " + imported.keyCount() + " keys from " + where + " into " + prefix
                    + ": snapshot " + result.sequence() + " (" + result.bytesWritten() + " bytes)");
            return 0;
        } catch (StoreException e) {
            if (e.reason() != StoreException.Reason.WRITER_LOCKED || !c.settings().options().adminEnabled()) {
                System.err.println("bliss features import: " + e.getMessage());
                return 2;
            }
            return viaService(c, where, f);
        }
    }

    private static WriteResult publish(FeatureStoreWriter writer, FeatureSchema schema, ImportedFeatures imported)
            throws StoreException {
        SnapshotSpec.Builder spec = SnapshotSpec.builder(schema.hash());
        for (int d = 0; d < schema.dimensions().size(); d++) {
            SchemaDimension dim = schema.dimensions().get(d);
            spec.dimension(dim.name(), Math.max(1, imported.keyCount(d)), dim.featureNames());
        }
        SnapshotBuilder builder = writer.begin(spec.build());
        for (int d = 0; d < schema.dimensions().size(); d++) {
            long[] keys = imported.keys().get(d);
            float[] vectors = imported.vectors().get(d);
            int length = schema.dimensions().get(d).features().size();
            for (int i = 0; i < keys.length; i++) {
                builder.put(d, keys[i], vectors, i * length);
            }
        }
        return writer.write(builder);
    }

    /**
     * The store has a writer, the feature service: send it the data. Its admin endpoint takes the
     * data as the request body only (it never reads a path or fetches a URL its caller names),
     * so this command reads the source itself.
     */
    private static int viaService(ServiceConfig c, String where, ImportFormat f) {
        ImportFormat format = f != null ? f : ImportFormat.fromName(where);
        String url = "http://" + c.settings().options().adminHost() + ':' + c.settings().options().adminPort() + "/import";
        try {
            HttpClient client = HttpClient.newHttpClient();
            HttpRequest.BodyPublisher body = where.startsWith("http://") || where.startsWith("https://")
                    ? HttpRequest.BodyPublishers.ofByteArray(client.send(HttpRequest.newBuilder(URI.create(where)).build(),
                            HttpResponse.BodyHandlers.ofByteArray()).body())
                    : HttpRequest.BodyPublishers.ofFile(Path.of(where));
            HttpResponse<String> r = client.send(HttpRequest.newBuilder(URI.create(url))
                    .header("content-type", format == ImportFormat.CSV ? "text/csv" : "application/x-ndjson")
                    .POST(body).build(), HttpResponse.BodyHandlers.ofString());
            System.out.print("the feature service holds the store; it answered:\n" + r.body());
            return r.statusCode() == 200 ? 0 : 1;
        } catch (java.io.IOException e) {
            System.err.println("bliss features import: the store has another writer and its admin endpoint " + url
                    + " does not answer: " + e.getMessage());
            return 2;
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            return 2;
        }
    }
}
