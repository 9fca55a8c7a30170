package dev.bliss.training.simulate;

import dev.bliss.training.simulate.actor.Actor;
import dev.bliss.training.simulate.actor.Cast;
import dev.bliss.training.simulate.actor.Step;
import io.vertx.core.Context;
import io.vertx.core.Future;
import io.vertx.core.MultiMap;
import io.vertx.core.Promise;
import io.vertx.core.Vertx;
import io.vertx.core.http.HttpClientAgent;
import io.vertx.core.http.HttpClientOptions;
import io.vertx.core.http.HttpClientResponse;
import io.vertx.core.http.HttpHeaders;
import io.vertx.core.http.HttpMethod;
import io.vertx.core.http.HttpVersion;
import io.vertx.core.http.PoolOptions;
import io.vertx.core.http.RequestOptions;
import java.time.Duration;
import java.util.EnumMap;
import java.util.HashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.function.Consumer;

/**
 * Runs a simulation: draws the {@link Cast}, keeps up to {@code concurrency} actors active, sends
 * each actor's requests one at a time after its (time-scaled) pause, writes each request's truth
 * row as it is sent, and ends when the cast's requests are all answered or the duration is up.
 *
 * <pre>
 *   cast ──► actor ──step──► pause / timeScale ──► truth row ──► HTTP client ──► target
 *              ▲                                                     │
 *              └───────────── status, Set-Cookie ◄───────────────────┘
 * </pre>
 *
 * <p>The client stands for the load balancer in front of the proxy: connections are shared by all
 * actors (a pool of HTTP/1.1 connections and a few HTTP/2 ones), and each request carries the
 * balancer's headers for its actor: X-Forwarded-For with the client address, JA3 and JA4, the
 * request id and X-Forwarded-Proto.
 *
 * <p>Everything runs on one event-loop context, so actors and counters need no locks.
 */
public final class Simulation {

    private static final int FAILURES_BEFORE_GIVING_UP = 200;
    private static final double ACTIVE_WEIGHT = 2;
    // per-population counters: indexes into counts' arrays
    private static final int SENT = 0;
    private static final int FAILED = 5;
    private static final int ACTIVE = 6;
    private static final long REQUEST_IDLE_TIMEOUT_MS = 30_000;
    /** How long a stopped run waits for in-flight responses before it reports them as failed. */
    private static final long DRAIN_MS = 10_000;

    private final Vertx vertx;
    private final SimulationSettings settings;
    private final TruthFile truth;
    private final Consumer<SimulatedRequest> onSend;
    private final Cast cast;
    private final Promise<SimulationReport> done = Promise.promise();
    private final Map<Long, Actor> pausedActors = new HashMap<>();
    private final Map<Population, long[]> counts = new EnumMap<>(Population.class);
    private HttpClientAgent http1;
    private HttpClientAgent http2;
    private long startNanos;
    private long deadlineTimer = -1;
    private long drainTimer = -1;
    private int active;
    private long sent;
    private long answered;
    private long failed;
    private boolean stopping;
    private SimulationReport.StopReason stopReason = SimulationReport.StopReason.REQUESTS;
    private String firstFailure;

    private Simulation(Vertx vertx, SimulationSettings settings, TruthFile truth, Consumer<SimulatedRequest> onSend) {
        this.vertx = vertx;
        this.settings = settings;
        this.truth = truth;
        this.onSend = onSend;
        this.cast = new Cast(settings.seed(), settings.mix(), settings.requests(), settings.origin());
        for (Population p : Population.values()) {
            counts.put(p, new long[7]);
        }
    }

    /**
     * Runs one simulation on a context of {@code vertx}, writing truth rows to {@code truth} (which
     * the caller closes). The future completes when the last response is in.
     */
    public static Future<SimulationReport> run(Vertx vertx, SimulationSettings settings, TruthFile truth) {
        return run(vertx, settings, truth, request -> { });
    }

    /**
     * Runs one simulation as {@link #run(Vertx, SimulationSettings, TruthFile)} does, also handing
     * each request to {@code onSend} as it is sent (on the simulator's event loop; it must not block).
     */
    public static Future<SimulationReport> run(Vertx vertx, SimulationSettings settings, TruthFile truth,
                                               Consumer<SimulatedRequest> onSend) {
        Simulation simulation = new Simulation(vertx, settings, truth, onSend);
        Context context = vertx.getOrCreateContext();
        context.runOnContext(v -> simulation.start());
        return simulation.done.future();
    }

    private void start() {
        HttpClientOptions base = new HttpClientOptions().setDefaultHost(settings.target().getHost())
                .setDefaultPort(settings.port()).setKeepAlive(true);
        http1 = vertx.createHttpClient(new HttpClientOptions(base).setProtocolVersion(HttpVersion.HTTP_1_1),
                new PoolOptions().setHttp1MaxSize(settings.connections()));
        http2 = vertx.createHttpClient(new HttpClientOptions(base).setProtocolVersion(HttpVersion.HTTP_2)
                        .setHttp2ClearTextUpgrade(false),
                new PoolOptions().setHttp2MaxSize(Math.max(1, Math.min(8, settings.connections() / 8))));
        startNanos = System.nanoTime();
        deadlineTimer = vertx.setTimer(Math.max(1, settings.duration().toMillis()), id -> {
            deadlineTimer = -1;
            stop(SimulationReport.StopReason.DURATION);
        });
        fill();
        finishIfIdle();
    }

    /** Activates actors until {@code concurrency} are active or the cast is used up. */
    private void fill() {
        while (!stopping && active < settings.concurrency() && cast.hasNext()) {
            Population p = lagging();
            Actor actor = cast.next(p);
            active++;
            counts.get(p)[ACTIVE]++;
            schedule(actor);
        }
    }

    /**
     * The population furthest behind its share, counting each active actor as a few requests to
     * come. Populations differ in pace (a person pauses for seconds, a scraper for milliseconds),
     * so handing freed slots to the one behind keeps the sent mix near the planned mix at any
     * moment, and a run cut short by its duration still has it. Only which actor starts when
     * depends on this; what each actor sends does not.
     */
    private Population lagging() {
        Population best = null;
        double bestKey = Double.MAX_VALUE;
        for (Population p : Population.values()) {
            if (cast.hasNext(p)) {
                long[] c = counts.get(p);
                double key = (c[SENT] + ACTIVE_WEIGHT * c[ACTIVE]) / (double) cast.budget(p);
                if (key < bestKey) {
                    best = p;
                    bestKey = key;
                }
            }
        }
        return best;
    }

    private void schedule(Actor actor) {
        if (stopping || !actor.hasNext()) {
            retire(actor);
            return;
        }
        Step step = actor.next();
        long delayMs = Math.round(step.pauseSeconds() * 1000 / settings.timeScale());
        if (delayMs < 1) {
            send(actor, step);
        } else {
            long[] timer = new long[1];
            timer[0] = vertx.setTimer(delayMs, id -> {
                pausedActors.remove(timer[0]);
                send(actor, step);
            });
            pausedActors.put(timer[0], actor);
        }
    }

    private void send(Actor actor, Step step) {
        if (stopping) {
            retire(actor);
            return;
        }
        SimulatedRequest r = step.request();
        truth.write(r);
        onSend.accept(r);
        sent++;
        long[] c = counts.get(r.population());
        c[SENT]++;
        boolean h2 = r.protocol() == SimulatedRequest.Protocol.HTTP_2;
        RequestOptions options = new RequestOptions().setMethod(HttpMethod.valueOf(r.method())).setURI(r.path())
                .setHeaders(headers(r, h2)).setIdleTimeout(REQUEST_IDLE_TIMEOUT_MS);
        (h2 ? http2 : http1).request(options)
                .compose(req -> r.body() == null ? req.send() : req.send(r.body()))
                .compose(resp -> resp.body().map(body -> resp))
                .onComplete(ar -> {
                    if (ar.succeeded()) {
                        HttpClientResponse resp = ar.result();
                        answered++;
                        c[Math.clamp(resp.statusCode() / 100 - 1, 1, 4)]++;
                        actor.onResponse(resp.statusCode(), resp.headers().getAll(HttpHeaders.SET_COOKIE));
                    } else {
                        failed++;
                        c[FAILED]++;
                        if (firstFailure == null) {
                            firstFailure = r.method() + " " + r.path() + ": " + ar.cause();
                        }
                        actor.onFailure();
                        if (failed >= FAILURES_BEFORE_GIVING_UP && answered == 0) {
                            stop(SimulationReport.StopReason.TARGET_UNREACHABLE);
                        }
                    }
                    schedule(actor);
                });
    }

    /** The client's headers, then the balancer's. HTTP/2 field names are lower case on the wire. */
    private MultiMap headers(SimulatedRequest r, boolean h2) {
        MultiMap h = HttpHeaders.headers();
        for (Header header : r.headers()) {
            h.add(h2 ? header.name().toLowerCase(Locale.ROOT) : header.name(), header.value());
        }
        h.add(h2 ? "x-forwarded-for" : "X-Forwarded-For", r.clientIp());
        h.add(h2 ? "x-forwarded-proto" : "X-Forwarded-Proto", "https");
        h.add(settings.ja3Header(), r.fingerprint().ja3());
        h.add(settings.ja4Header(), r.fingerprint().ja4());
        h.add(settings.requestIdHeader(), r.id());
        return h;
    }

    private void retire(Actor actor) {
        active--;
        counts.get(actor.population())[ACTIVE]--;
        fill();
        finishIfIdle();
    }

    private void stop(SimulationReport.StopReason reason) {
        if (stopping) {
            return;
        }
        stopping = true;
        stopReason = reason;
        // paused actors will send nothing more; in-flight requests are waited for
        for (Long timer : List.copyOf(pausedActors.keySet())) {
            vertx.cancelTimer(timer);
            Actor actor = pausedActors.remove(timer);
            active--;
            counts.get(actor.population())[ACTIVE]--;
        }
        // a target that stopped answering must not hold the run past its bounds
        drainTimer = vertx.setTimer(DRAIN_MS, id -> {
            drainTimer = -1;
            if (!done.future().isComplete()) {
                failed += active;
                if (firstFailure == null) {
                    firstFailure = active + " requests still unanswered " + DRAIN_MS + " ms after the run stopped";
                }
                active = 0;
                finishIfIdle();
            }
        });
        finishIfIdle();
    }

    private void finishIfIdle() {
        if (active > 0 || (!stopping && cast.hasNext()) || done.future().isComplete()) {
            return;
        }
        if (deadlineTimer >= 0) {
            vertx.cancelTimer(deadlineTimer);
        }
        if (drainTimer >= 0) {
            vertx.cancelTimer(drainTimer);
        }
        Duration elapsed = Duration.ofNanos(System.nanoTime() - startNanos);
        Map<Population, SimulationReport.Counts> byPopulation = new EnumMap<>(Population.class);
        counts.forEach((p, c) -> byPopulation.put(p, new SimulationReport.Counts(c[0], c[1], c[2], c[3], c[4], c[5])));
        SimulationReport report = new SimulationReport(sent, answered, failed, elapsed, stopReason, byPopulation, firstFailure);
        Future.all(http1.close(), http2.close()).onComplete(ar -> done.complete(report));
    }
}
