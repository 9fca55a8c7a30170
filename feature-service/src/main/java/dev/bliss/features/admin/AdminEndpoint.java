package dev.bliss.features.admin;

import dev.bliss.features.FeatureLookup;
import dev.bliss.features.ServiceStatus;
import dev.bliss.features.importer.FeatureImporter;
import dev.bliss.features.importer.ImportException;
import dev.bliss.features.importer.ImportFormat;
import dev.bliss.features.importer.ImportedFeatures;
import dev.bliss.store.FeatureStoreReader;
import dev.bliss.store.ReaderOptions;
import dev.bliss.store.StoreException;
import io.vertx.core.Vertx;
import io.vertx.core.VertxOptions;
import io.vertx.core.http.HttpMethod;
import io.vertx.core.http.HttpServer;
import io.vertx.core.http.HttpServerRequest;
import io.vertx.core.json.JsonObject;
import io.vertx.core.Future;
import io.vertx.core.buffer.Buffer;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.net.URLDecoder;
import java.nio.charset.StandardCharsets;
import java.util.concurrent.TimeUnit;
import java.util.function.Consumer;

/**
 * The feature service's HTTP endpoint, meant for loopback:
 *
 * <pre>
 *   GET  /healthz                      200 "ok" while both threads run and snapshots are fresh, else 503
 *   GET  /metrics                      Prometheus text (see ServiceMetrics)
 *   GET  /status                       the last snapshot, window and ring counters, as JSON
 *   GET  /features/&lt;dim&gt;/&lt;value&gt;        one key's published features as JSON (value URL-encoded)
 *   POST /import                       bulk import of the request body (text/csv or
 *                                      application/x-ndjson; up to admin.max_import_size): 200 with
 *                                      key counts, or 422 with the first bad line's number (and
 *                                      nothing imported); 415 for another type, 413 when too large
 *   POST /import?source=&lt;file&gt;          a file in admin.import_directory (only when configured)
 * </pre>
 *
 * <p>Every request passes {@link AdminRequestGuard} first (Host, cross-site), so neither a
 * rebound DNS name nor a cross-site form reaches a route.
 *
 * <p>Runs on its own single-event-loop Vert.x instance; imports are parsed on a worker thread.
 * Imported vectors become the base of every following snapshot (keys the service computes
 * itself override them) until the next import replaces them.
 */
public final class AdminEndpoint {

    private final Vertx vertx;
    private final HttpServer server;
    private final ServiceStatus service;
    private final Consumer<ImportedFeatures> imported;
    private final AdminRequestGuard guard;
    private final ImportPolicy imports;
    private FeatureStoreReader reader;

    private AdminEndpoint(Vertx vertx, HttpServer server, ServiceStatus service, Consumer<ImportedFeatures> imported,
                          AdminRequestGuard guard, ImportPolicy imports) {
        this.vertx = vertx;
        this.server = server;
        this.service = service;
        this.imported = imported;
        this.guard = guard;
        this.imports = imports;
    }

    /**
     * @param service what /healthz, /metrics, /status and /features show
     * @param imports where a successful POST /import goes (the base of the following snapshots)
     */
    public static AdminEndpoint start(ServiceStatus service, Consumer<ImportedFeatures> imports, String host, int port)
            throws IOException {
        return start(service, imports, host, port, List.of(), null, ImportPolicy.DEFAULT_MAX_BYTES);
    }

    /**
     * @param allowedHosts    Host names answered besides the bound address and localhost
     * @param importDirectory the directory {@code POST /import?source=} may read files from, or null (body only)
     * @param maxImportBytes  the largest import body or file
     */
    public static AdminEndpoint start(ServiceStatus service, Consumer<ImportedFeatures> imports, String host, int port,
                                      List<String> allowedHosts, Path importDirectory, long maxImportBytes)
            throws IOException {
        ImportPolicy policy = new ImportPolicy(importDirectory == null ? null : importDirectory.toRealPath(), maxImportBytes);
        AdminRequestGuard guard = new AdminRequestGuard(host, allowedHosts);
        Vertx vertx = Vertx.vertx(new VertxOptions().setEventLoopPoolSize(1).setWorkerPoolSize(1)
                .setInternalBlockingPoolSize(1));
        AdminEndpoint[] self = new AdminEndpoint[1];
        // HTTP/1.1 only (as the proxy's admin server): no h2c upgrade to leave an answer unfinished
        HttpServer server = vertx.createHttpServer(new io.vertx.core.http.HttpServerOptions().setHttp2ClearTextEnabled(false))
                .requestHandler(r -> self[0].handle(r));
        try {
            server.listen(port, host).toCompletionStage().toCompletableFuture().get(10, TimeUnit.SECONDS);
        } catch (Exception e) {
            vertx.close();
            throw new IOException("feature service admin cannot listen on " + host + ':' + port + ": "
                    + (e.getCause() != null ? e.getCause().getMessage() : e.getMessage()), e);
        }
        self[0] = new AdminEndpoint(vertx, server, service, imports, guard, policy);
        return self[0];
    }

    public int port() {
        return server.actualPort();
    }

    private void handle(HttpServerRequest request) {
        String refusal = guard.refusal(request);
        if (refusal != null) {
            text(request, 403, refusal + "\n");
            return;
        }
        String path = request.path();
        if (request.method() == HttpMethod.GET && path.equals("/healthz")) {
            String problem = service.unhealthyReason();
            text(request, problem == null ? 200 : 503, problem == null ? "ok\n" : "unhealthy: " + problem + "\n");
        } else if (request.method() == HttpMethod.GET && path.equals("/metrics")) {
            request.response().putHeader("content-type", "text/plain; version=0.0.4; charset=utf-8")
                    .end(service.scrapeMetrics());
        } else if (request.method() == HttpMethod.GET && path.equals("/status")) {
            json(request, 200, ServiceStatusReport.of(service));
        } else if (request.method() == HttpMethod.GET && path.startsWith("/features/")) {
            features(request, path.substring("/features/".length()));
        } else if (request.method() == HttpMethod.POST && path.equals("/import")) {
            importFeatures(request);
        } else {
            text(request, 404, "not found; try /healthz /metrics /status /features/<dimension>/<value> POST /import\n");
        }
    }

    private void features(HttpServerRequest request, String rest) {
        int slash = rest.indexOf('/');
        if (slash <= 0 || slash == rest.length() - 1) {
            json(request, 400, new JsonObject().put("error", "expected /features/<dimension>/<value>"));
            return;
        }
        String dimension = URLDecoder.decode(rest.substring(0, slash), StandardCharsets.UTF_8);
        String value = URLDecoder.decode(rest.substring(slash + 1), StandardCharsets.UTF_8);
        try {
            if (reader == null) {
                reader = FeatureStoreReader.open(ReaderOptions.forPrefix(service.storePrefix()));
            }
            FeatureLookup lookup = FeatureLookup.find(reader, service.schema(), dimension, value);
            json(request, lookup.status() == FeatureLookup.Status.FOUND ? 200 : 404,
                    lookup.toJson(service.clockMillis()));
        } catch (IllegalArgumentException e) {
            json(request, 400, new JsonObject().put("error", e.getMessage()));
        } catch (StoreException e) {
            json(request, 503, new JsonObject().put("error", e.getMessage()));
        } catch (java.io.UncheckedIOException e) {
            json(request, 503, new JsonObject().put("error", e.getCause().getMessage())); // no reader slot free
        } catch (InternalError e) {
            // a store file cut short under this reader's mapping: open afresh on the next lookup
            FeatureStoreReader faulted = reader;
            reader = null;
            faulted.close();
            json(request, 503, new JsonObject().put("error", "the store's files are cut short (" + e.getMessage() + ")"));
        }
    }

    private void importFeatures(HttpServerRequest request) {
        String source = request.getParam("source");
        String formatName = request.getParam("format");
        ImportFormat named = formatName == null ? null : ImportFormat.byName(formatName);
        if (formatName != null && named == null) {
            json(request, 400, new JsonObject().put("error", "format must be csv or jsonl"));
            return;
        }
        FeatureImporter importer = new FeatureImporter(service.schema());
        if (source != null) {
            Path file;
            try {
                file = imports.file(source);
                if (Files.size(file) > imports.maxBytes()) {
                    json(request, 413, new JsonObject().put("imported", false).put("error", "larger than "
                            + imports.maxBytes() + " bytes (feature_service.admin.max_import_size)"));
                    return;
                }
            } catch (IllegalArgumentException | IOException e) {
                // the reason only, never what the file holds
                json(request, 403, new JsonObject().put("imported", false).put("error",
                        e instanceof IOException ? "no such file in the import directory" : e.getMessage()));
                return;
            }
            ImportFormat format = named != null ? named : ImportFormat.fromName(file.getFileName().toString());
            answer(request, vertx.executeBlocking(() -> importer.read(file.toString(), format)));
            return;
        }
        ImportFormat bodyFormat = ImportPolicy.bodyFormat(request.getHeader("content-type"));
        if (bodyFormat == null) {
            json(request, 415, new JsonObject().put("imported", false).put("error",
                    "POST /import takes text/csv or application/x-ndjson (JSON lines) as its body"));
            return;
        }
        ImportFormat format = named != null ? named : bodyFormat;
        String length = request.getHeader("content-length");
        if (length != null && length.chars().allMatch(Character::isDigit) && length.length() < 19
                && Long.parseLong(length) > imports.maxBytes()) {
            tooLarge(request);
            return;
        }
        Buffer body = Buffer.buffer();
        boolean[] refused = new boolean[1];
        request.handler(chunk -> {
            if (refused[0]) {
                return;
            }
            if (body.length() + (long) chunk.length() > imports.maxBytes()) {
                refused[0] = true;
                tooLarge(request);
                return;
            }
            body.appendBuffer(chunk);
        });
        request.endHandler(v -> {
            if (!refused[0]) {
                answer(request, vertx.executeBlocking(() -> importer.read(body.toString(StandardCharsets.UTF_8), format,
                        "request body")));
            }
        });
    }

    private void tooLarge(HttpServerRequest request) {
        request.response().setStatusCode(413).putHeader("content-type", "application/json").putHeader("connection", "close")
                .end(new JsonObject().put("imported", false).put("error", "larger than " + imports.maxBytes()
                        + " bytes (feature_service.admin.max_import_size)").encodePrettily() + "\n")
                .onComplete(ar -> request.connection().close());
    }

    private void answer(HttpServerRequest request, Future<ImportedFeatures> parsed) {
        parsed.onComplete(ar -> {
            if (ar.succeeded()) {
                ImportedFeatures imported = ar.result();
                this.imported.accept(imported);
                JsonObject keys = new JsonObject();
                for (int d = 0; d < service.schema().dimensions().size(); d++) {
                    keys.put(service.schema().dimensions().get(d).name(), imported.keyCount(d));
                }
                json(request, 200, new JsonObject().put("imported", true).put("source", imported.source())
                        .put("lines", imported.lines()).put("keys", keys)
                        .put("note", "included in every snapshot from the next one on"));
            } else if (ar.cause() instanceof ImportException e) {
                json(request, 422, new JsonObject().put("imported", false).put("line", e.line()).put("error", e.getMessage()));
            } else {
                json(request, 500, new JsonObject().put("imported", false).put("error", String.valueOf(ar.cause())));
            }
        });
    }


    private static void text(HttpServerRequest request, int status, String body) {
        request.response().setStatusCode(status).putHeader("content-type", "text/plain; charset=utf-8").end(body);
    }

    private static void json(HttpServerRequest request, int status, JsonObject body) {
        request.response().setStatusCode(status).putHeader("content-type", "application/json")
                .end(body.encodePrettily() + "\n");
    }

    /** Stops listening and releases the store reader. */
    public void close() {
        try {
            vertx.close().toCompletionStage().toCompletableFuture().get(10, TimeUnit.SECONDS);
        } catch (Exception e) {
            // closing is best effort at shutdown; the port is released with the process
        }
        if (reader != null) {
            reader.close();
        }
    }
}
