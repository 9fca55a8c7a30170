package dev.bliss.training.simulate;

import dev.bliss.training.simulate.actor.Actor;
import dev.bliss.training.simulate.actor.Cast;
import dev.bliss.challenge.ChallengeForm;
import dev.bliss.training.simulate.actor.Step;
import io.vertx.core.Context;
import io.vertx.core.Future;
import io.vertx.core.MultiMap;
import io.vertx.core.Promise;
import io.vertx.core.Vertx;
import io.vertx.core.buffer.Buffer;
import io.vertx.core.http.HttpClientAgent;
import io.vertx.core.http.HttpClientOptions;
import io.vertx.core.http.HttpClientResponse;
import io.vertx.core.http.HttpHeaders;
import io.vertx.core.http.HttpMethod;
import io.vertx.core.http.HttpVersion;
import io.vertx.core.http.PoolOptions;
import io.vertx.core.http.RequestOptions;
import io.vertx.core.net.SocketAddress;
import java.time.Duration;
import java.util.EnumMap;
import java.util.Locale;
import java.util.Map;
import java.util.function.Consumer;

/**
 * Runs a simulation: draws the {@link Cast}, keeps up to {@code concurrency} actors active, sends
 * each actor's requests one at a time after its pause on the {@link SimulatedClock}, writes each
 * request's truth row as it is sent, and ends when the cast's requests are all answered or the
 * duration is up.
 *
 * <pre>
 *   cast ──► actor ──step──► planned at last send + response + pause (simulated time)
 *              ▲               ──► due on the clock ──► truth row ──► HTTP client (stamped) ──► target
 *              └──── status, Set-Cookie, Location, challenge page ◄─────────────────┘
 * </pre>
 *
 * <p>The client stands for the load balancer in front of the proxy: connections are shared by all
 * actors (a pool of HTTP/1.1 connections and a few HTTP/2 ones), and each request carries the
 * balancer's headers for its actor: X-Forwarded-For with the client address, JA3 and JA4 (for a
 * client that spoke TLS; none for one that came in cleartext, as on the proxy's own cleartext
 * listener), the request id and X-Forwarded-Proto.
 *
 * <p>Everything runs on one event-loop context, so actors and counters need no locks.
 */
public final class Simulation {

    private static final int FAILURES_BEFORE_GIVING_UP = 200;
    // an active actor counts as this many requests to come: at the start, when nothing is sent,
    // slots are shared by budget; later the requests actually sent decide
    private static final double ACTIVE_WEIGHT = 2;
    private static final long REQUEST_IDLE_TIMEOUT_MS = 30_000;
    private static final int FILL_BATCH = 16;
    /** How long a stopped run waits for in-flight responses before it reports them as failed. */
    private static final long DRAIN_MS = 10_000;

    private final Vertx vertx;
    private final SimulationSettings settings;
    private final TruthFile truth;
    private final Consumer<SimulatedRequest> onSend;
    private final Cast cast;
    private final Promise<SimulationReport> done = Promise.promise();
    private SimulatedClock<Planned> clock;
    private long clockTimer = -1;
    private final Map<Population, Tally> tallies = new EnumMap<>(Population.class);
    private HttpClientAgent http1;
    private HttpClientAgent http2;
    private long startNanos;
    private Context context;
    private boolean fillPending;
    private boolean finished;
    private long deadlineTimer = -1;
    private long drainTimer = -1;
    private int active;
    private long sent;
    private long answered;
    private long failed;
    private boolean stopping;
    private SimulationReport.StopReason stopReason = SimulationReport.StopReason.REQUESTS;
    private String firstFailure;
    /** Where the requests go; their Host names the site ({@link SimulationSettings#SITE_HOST}). */
    private SocketAddress server;

    private Simulation(Vertx vertx, SimulationSettings settings, TruthFile truth, Consumer<SimulatedRequest> onSend) {
        this.vertx = vertx;
        this.settings = settings;
        this.truth = truth;
        this.onSend = onSend;
        this.cast = new Cast(settings.seed(), settings.mix(), settings.requests(), settings.origin(),
                settings.cleartextShare());
        for (Population p : Population.values()) {
            tallies.put(p, new Tally());
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
        simulation.context = context;
        context.runOnContext(v -> simulation.start());
        return simulation.done.future();
    }

    private void start() {
        server = SocketAddress.inetSocketAddress(settings.port(), settings.target().getHost());
        HttpClientOptions base = new HttpClientOptions().setDefaultHost(settings.target().getHost())
                .setDefaultPort(settings.port()).setKeepAlive(true);
        http1 = vertx.createHttpClient(new HttpClientOptions(base).setProtocolVersion(HttpVersion.HTTP_1_1),
                new PoolOptions().setHttp1MaxSize(settings.connections()));
        http2 = vertx.createHttpClient(new HttpClientOptions(base).setProtocolVersion(HttpVersion.HTTP_2)
                        .setHttp2ClearTextUpgrade(false),
                new PoolOptions().setHttp2MaxSize(Math.max(1, Math.min(8, settings.connections() / 8))));
        startNanos = System.nanoTime();
        clock = new SimulatedClock<>(System.currentTimeMillis(), startNanos, settings.timeScale());
        deadlineTimer = vertx.setTimer(Math.max(1, settings.duration().toMillis()), id -> {
            deadlineTimer = -1;
            stop(SimulationReport.StopReason.DURATION);
        });
        fill();
        finishIfIdle();
    }

    /**
     * Activates actors until {@code concurrency} are active or the cast is used up, at most
     * {@value #FILL_BATCH} at a time: the rest after the event loop has had a turn, so a cold
     * start of hundreds of actors does not hold the loop for seconds.
     */
    private void fill() {
        int started = 0;
        while (!stopping && active < settings.concurrency() && cast.hasNext()) {
            if (started == FILL_BATCH) {
                if (!fillPending) {
                    fillPending = true;
                    context.runOnContext(v -> {
                        fillPending = false;
                        fill();
                    });
                }
                return;
            }
            Population p = lagging();
            Actor actor = cast.next(p);
            active++;
            tallies.get(p).active++;
            started++;
            schedule(actor, clock.now());
        }
        dispatch();
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
                Tally t = tallies.get(p);
                double key = (t.sent + ACTIVE_WEIGHT * t.active) / (double) cast.budget(p);
                if (key < bestKey) {
                    best = p;
                    bestKey = key;
                }
            }
        }
        return best;
    }

    /** An actor's next step and when, in simulated time, it goes. */
    private record Planned(Actor actor, Step step) {
    }

    /** Plans the actor's next step for {@code after} (its last send plus the response time) plus its pause. */
    private void schedule(Actor actor, long after) {
        if (stopping || !actor.hasNext()) {
            retire(actor);
            return;
        }
        Step step = actor.next();
        clock.plan(after + Math.round(step.pauseSeconds() * 1000), new Planned(actor, step));
    }

    /** Sends every step that is due, then waits (a timer) for the speed limit to free the next one. */
    private void dispatch() {
        if (stopping) {
            return;
        }
        long nanos = System.nanoTime();
        Planned next;
        while ((next = clock.release(nanos)) != null) {
            send(next.actor(), next.step(), clock.releasedAt());
        }
        long wait = clock.nanosUntilDue(nanos);
        if (wait >= 0 && clockTimer < 0) {
            clockTimer = vertx.setTimer(Math.max(1, wait / 1_000_000), id -> {
                clockTimer = -1;
                dispatch();
            });
        }
    }

    private void send(Actor actor, Step step, long at) {
        if (stopping) {
            retire(actor);
            return;
        }
        SimulatedRequest r = step.request();
        truth.write(r);
        onSend.accept(r);
        sent++;
        Tally tally = tallies.get(r.population());
        tally.sent++;
        boolean h2 = r.protocol() == SimulatedRequest.Protocol.HTTP_2;
        RequestOptions options = new RequestOptions().setServer(server).setHost(SimulationSettings.SITE_HOST).setPort(80)
                .setMethod(HttpMethod.valueOf(r.method())).setURI(r.path())
                .setHeaders(headers(r, h2, at)).setIdleTimeout(REQUEST_IDLE_TIMEOUT_MS);
        (h2 ? http2 : http1).request(options)
                .compose(req -> r.body() == null ? req.send() : req.send(r.body()))
                .compose(resp -> resp.body().map(body -> new Answer(resp, challengeForm(resp, body))))
                .onComplete(ar -> {
                    if (ar.succeeded()) {
                        HttpClientResponse resp = ar.result().response();
                        answered++;
                        tally.answered(resp.statusCode());
                        actor.onResponse(resp.statusCode(), resp.headers().getAll(HttpHeaders.SET_COOKIE),
                                resp.getHeader(HttpHeaders.LOCATION), ar.result().challenge());
                    } else {
                        failed++;
                        tally.failed++;
                        if (firstFailure == null) {
                            firstFailure = r.method() + " " + r.path() + ": " + ar.cause();
                        }
                        actor.onFailure();
                        if (failed >= FAILURES_BEFORE_GIVING_UP && answered == 0) {
                            stop(SimulationReport.StopReason.TARGET_UNREACHABLE);
                        }
                    }
                    clock.answered(at);
                    schedule(actor, at + SimulatedClock.RESPONSE_MILLIS);
                    dispatch();
                });
    }

    /** A response, and the form of the challenge page it was (or null). */
    private record Answer(HttpClientResponse response, ChallengeForm challenge) {
    }

    /**
     * The form of the proxy's challenge page, when {@code resp} is one: 403 with {@code
     * cf-mitigated: challenge} and HTML (the plain-text 403 of a challenged asset or POST has
     * nothing to solve).
     */
    private static ChallengeForm challengeForm(HttpClientResponse resp, Buffer body) {
        String type = resp.getHeader(HttpHeaders.CONTENT_TYPE);
        if (resp.statusCode() != 403 || !"challenge".equals(resp.getHeader("cf-mitigated"))
                || type == null || !type.startsWith("text/html")) {
            return null;
        }
        return ChallengeForm.parse(body.toString());
    }

    /** The client's headers, then the balancer's. HTTP/2 field names are lower case on the wire. */
    private MultiMap headers(SimulatedRequest r, boolean h2, long at) {
        MultiMap h = HttpHeaders.headers();
        for (Header header : r.headers()) {
            h.add(h2 ? header.name().toLowerCase(Locale.ROOT) : header.name(), header.value());
        }
        h.add(h2 ? "x-forwarded-for" : "X-Forwarded-For", r.clientIp());
        boolean tls = r.transport() == SimulatedRequest.Transport.TLS;
        h.add(h2 ? "x-forwarded-proto" : "X-Forwarded-Proto", tls ? "https" : "http");
        if (tls) {
            h.add(settings.ja3Header(), r.fingerprint().ja3());
            h.add(settings.ja4Header(), r.fingerprint().ja4());
        }
        h.add(settings.requestIdHeader(), r.id());
        if (!settings.eventTimeHeader().isEmpty()) {
            h.add(settings.eventTimeHeader(), Long.toString(at));
        }
        return h;
    }

    private void retire(Actor actor) {
        active--;
        tallies.get(actor.population()).active--;
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
        if (clockTimer >= 0) {
            vertx.cancelTimer(clockTimer);
            clockTimer = -1;
        }
        for (Planned p : clock.clear()) {
            active--;
            tallies.get(p.actor().population()).active--;
        }
        // a target that stopped answering must not hold the run past its bounds
        drainTimer = vertx.setTimer(DRAIN_MS, id -> {
            drainTimer = -1;
            if (!finished) {
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
        if (active > 0 || (!stopping && cast.hasNext()) || finished) {
            return;
        }
        // responses that arrive after a forced drain land here again while the clients close
        finished = true;
        if (deadlineTimer >= 0) {
            vertx.cancelTimer(deadlineTimer);
        }
        if (drainTimer >= 0) {
            vertx.cancelTimer(drainTimer);
        }
        Duration elapsed = Duration.ofNanos(System.nanoTime() - startNanos);
        Map<Population, SimulationReport.Counts> byPopulation = new EnumMap<>(Population.class);
        tallies.forEach((p, t) -> byPopulation.put(p, t.counts()));
        SimulationReport report = new SimulationReport(sent, answered, failed, elapsed, stopReason, byPopulation, firstFailure);
        Future.all(http1.close(), http2.close()).onComplete(ar -> done.complete(report));
    }

    /** One population's requests so far, and its actors active now. */
    private static final class Tally {
        long sent;
        long status2xx;
        long status3xx;
        long status4xx;
        long status5xx;
        long failed;
        int active;

        void answered(int status) {
            switch (status / 100) {
                case 3 -> status3xx++;
                case 4 -> status4xx++;
                case 5 -> status5xx++;
                default -> status2xx++; // 1xx cannot end an exchange; count it with success
            }
        }

        SimulationReport.Counts counts() {
            return new SimulationReport.Counts(sent, status2xx, status3xx, status4xx, status5xx, failed);
        }
    }
}
