package dev.bliss.proxy.admin;

import io.vertx.core.Future;
import io.vertx.core.Promise;
import io.vertx.core.Vertx;
import io.vertx.core.buffer.Buffer;
import io.vertx.core.http.HttpClient;
import io.vertx.core.http.HttpClientOptions;
import io.vertx.core.http.HttpMethod;
import io.vertx.core.http.RequestOptions;
import io.vertx.core.json.JsonObject;
import java.net.URI;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.function.Supplier;

/**
 * A {@code /stats} section another process reports over HTTP: a feature service running as its
 * own process ({@code bliss feature-service}, a sidecar) answers {@code GET /status} with what
 * the embedded one's section shows, and this fetches it for the dashboard.
 *
 * <pre>
 *   /stats read ─► get(): the last answer at once, and a fetch started if the last one began
 *                  {@value #REFRESH_MILLIS} ms ago or more and none is in flight
 *   fetch       ─► GET url (connect and whole-exchange timeout {@value #TIMEOUT_MILLIS} ms,
 *                  body at most {@value #MAX_BODY_BYTES} bytes, a JSON object)
 *   shown       ─► its fields, with "source" (the URL) and "fetched_ms_ago"
 *                  or { "source", "unreachable": why, "last_reached_ms_ago" (when it answered before) }
 * </pre>
 *
 * So the page never waits for the other process and polling it faster does not load it more;
 * what the page shows is at most a refresh plus a timeout old, and says how old. Nothing here
 * runs on behalf of a proxied request.
 *
 * <p>Thread-safe: {@link #get} runs on the admin server's event loop; the fetch completes on the
 * client's.
 */
public final class RemoteStatusSection implements Supplier<JsonObject> {

    static final long REFRESH_MILLIS = 2_000;
    static final long TIMEOUT_MILLIS = 2_000;
    static final int MAX_BODY_BYTES = 1 << 20;

    private final HttpClient client;
    private final URI url;
    private final AtomicBoolean inFlight = new AtomicBoolean();
    private volatile long lastStartNanos;
    private volatile long lastReachedNanos;
    private volatile JsonObject lastAnswer;
    private volatile String lastFailure;

    /** Starts the first fetch at once, so the page has an answer by its first poll. */
    public RemoteStatusSection(Vertx vertx, URI url) {
        if (!"http".equals(url.getScheme()) || url.getHost() == null) {
            throw new IllegalArgumentException("a status URL must be http://host:port/path, got " + url);
        }
        this.url = url;
        this.client = vertx.createHttpClient(new HttpClientOptions()
                .setConnectTimeout((int) TIMEOUT_MILLIS)
                // idle timeouts only clean up after the whole-exchange timeout, which is the one reported
                .setIdleTimeout((int) (2 * TIMEOUT_MILLIS)).setIdleTimeoutUnit(TimeUnit.MILLISECONDS)
                .setKeepAlive(true));
        this.lastFailure = "no answer yet";
        fetchIfDue(System.nanoTime(), true);
    }

    @Override
    public JsonObject get() {
        long now = System.nanoTime();
        fetchIfDue(now, false);
        JsonObject answer = lastAnswer;
        String failure = lastFailure;
        if (failure == null && answer != null) {
            return answer.copy().put("source", url.toString()).put("fetched_ms_ago", ago(now, lastReachedNanos));
        }
        JsonObject shown = new JsonObject().put("source", url.toString()).put("unreachable", failure);
        if (lastReachedNanos != 0) {
            shown.put("last_reached_ms_ago", ago(now, lastReachedNanos));
        }
        return shown;
    }

    private void fetchIfDue(long now, boolean first) {
        if (!first && now - lastStartNanos < TimeUnit.MILLISECONDS.toNanos(REFRESH_MILLIS)) {
            return;
        }
        if (!inFlight.compareAndSet(false, true)) {
            return;
        }
        lastStartNanos = now;
        fetch().timeout(TIMEOUT_MILLIS, TimeUnit.MILLISECONDS).onComplete(ar -> {
            if (ar.succeeded()) {
                lastAnswer = ar.result();
                lastReachedNanos = System.nanoTime();
                lastFailure = null;
            } else {
                lastFailure = describe(ar.cause());
            }
            inFlight.set(false);
        });
    }

    private Future<JsonObject> fetch() {
        RequestOptions request = new RequestOptions().setMethod(HttpMethod.GET).setAbsoluteURI(url.toString())
                .setConnectTimeout(TIMEOUT_MILLIS).setIdleTimeout(2 * TIMEOUT_MILLIS)
                .putHeader("accept", "application/json");
        return client.request(request).compose(r -> r.send()).compose(response -> {
            if (response.statusCode() != 200) {
                response.end(); // drain, so the connection can be reused
                return Future.failedFuture("HTTP " + response.statusCode() + " from " + url);
            }
            Promise<JsonObject> body = Promise.promise();
            Buffer received = Buffer.buffer();
            response.handler(chunk -> {
                if (received.length() + chunk.length() > MAX_BODY_BYTES) {
                    response.request().reset();
                    body.tryFail("an answer over " + MAX_BODY_BYTES + " bytes from " + url);
                } else {
                    received.appendBuffer(chunk);
                }
            });
            response.exceptionHandler(body::tryFail);
            response.endHandler(v -> {
                try {
                    body.tryComplete(new JsonObject(received));
                } catch (RuntimeException e) {
                    body.tryFail("not a JSON object from " + url + ": " + e.getMessage());
                }
            });
            return body.future();
        });
    }

    private static String describe(Throwable e) {
        if (e instanceof java.util.concurrent.TimeoutException || e instanceof io.netty.channel.ConnectTimeoutException) {
            return "no answer within " + TIMEOUT_MILLIS + " ms";
        }
        String message = e.getMessage();
        return message == null ? e.getClass().getSimpleName() : message;
    }

    private static long ago(long now, long then) {
        return TimeUnit.NANOSECONDS.toMillis(now - then);
    }
}
