package dev.bliss.proxy.internal;

import dev.bliss.plugin.config.ConfigException;
import dev.bliss.plugin.config.Position;
import dev.bliss.proxy.ProxyServer;
import dev.bliss.proxy.accesslog.AccessLog;
import dev.bliss.proxy.admin.AdminServer;
import dev.bliss.proxy.admin.EffectiveConfig;
import dev.bliss.proxy.challenge.BrowserChallenge;
import dev.bliss.proxy.admin.StatsReport;
import dev.bliss.proxy.config.OriginAddress;
import dev.bliss.proxy.ReloadOutcome;
import dev.bliss.proxy.config.ProxyConfigSource;
import dev.bliss.proxy.config.ProxyOptions;
import dev.bliss.proxy.pipeline.DetectorStage;
import io.micrometer.core.instrument.FunctionCounter;
import java.util.ArrayList;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;
import dev.bliss.proxy.config.UpstreamOptions;
import dev.bliss.proxy.demo.DemoOrigin;
import dev.bliss.proxy.forward.ForwardedHeaders;
import dev.bliss.proxy.forward.RequestIds;
import dev.bliss.proxy.forward.TrustedProxies;
import dev.bliss.proxy.metrics.MicrometerPluginMetrics;
import dev.bliss.proxy.metrics.ProxyMetrics;
import dev.bliss.proxy.pipeline.DetectorPipeline;
import dev.bliss.proxy.pipeline.PluginLoader;
import dev.bliss.proxy.routing.RouteTable;
import dev.bliss.proxy.rules.FirewallWarmUp;
import dev.bliss.proxy.rules.RuleSetHolder;
import dev.bliss.proxy.rules.RulesFileWatcher;
import dev.bliss.firewall.RulesException;
import dev.bliss.proxy.PluginFields;
import io.vertx.core.DeploymentOptions;
import io.vertx.core.Future;
import io.vertx.core.Promise;
import io.vertx.core.Vertx;
import io.vertx.core.VertxOptions;
import io.vertx.core.transport.Transport;
import io.vertx.core.internal.VertxInternal;
import io.netty.channel.EventLoop;
import io.netty.util.concurrent.EventExecutor;
import dev.bliss.proxy.config.ListenerOptions;
import dev.bliss.proxy.exchange.RequestPath;
import dev.bliss.proxy.listener.HttpListener;
import dev.bliss.proxy.origin.ChannelSource;
import java.util.ArrayList;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import java.io.IOException;
import java.util.List;

/**
 * The implementation of {@link ProxyServer}: the start sequence and the shutdown sequence.
 *
 * <pre>
 *  start:    transport ─► Vert.x (n event loops) ─► plugins prepared, fields, order ─► routes
 *            (or the demo origin) ─► metrics, access log ─► n ProxyVerticles (a RequestPath
 *            each) ─► listeners bound on Vert.x's acceptor, connections onto its loops ─► admin
 *  shutdown: not ready ─► listeners stop accepting, connections drain, in-flight finish
 *            (deadline) ─► verticles, admin, demo, pipeline, access log, Vert.x closed
 * </pre>
 */
public final class RunningProxy implements ProxyServer {

    private static final System.Logger LOG = System.getLogger("dev.bliss.proxy");

    private final Vertx vertx;
    private final ProxyShared shared;
    private final List<RequestPath> paths;
    private final List<HttpListener> listeners;
    private final AdminServer admin;
    private final DemoOrigin demo;
    private final String transport;
    private final int eventLoops;
    private final RulesFileWatcher watcher;
    private final ConfigurationReload reload;
    private volatile boolean ready = true;
    private final java.util.Map<String, java.util.function.Supplier<String>> readinessChecks = new ConcurrentHashMap<>();
    private final StatsReport stats;
    private Future<Void> shutdown;
    /** The shutdown step in progress, for the report of a shutdown that does not end. */
    private volatile String shutdownStage = "not started";
    /** How much longer than the drain deadline {@link #close()} waits for the rest of the shutdown. */
    private static final java.time.Duration CLOSE_MARGIN = java.time.Duration.ofSeconds(30);

    private RunningProxy(Vertx vertx, ProxyShared shared, List<RequestPath> paths, List<HttpListener> listeners,
                         AdminServer admin, StatsReport stats, DemoOrigin demo, String transport, int eventLoops,
                         RulesFileWatcher watcher, ConfigurationReload reload) {
        this.stats = stats;
        this.watcher = watcher;
        this.reload = reload;
        this.vertx = vertx;
        this.shared = shared;
        this.paths = paths;
        this.listeners = listeners;
        this.admin = admin;
        this.demo = demo;
        this.transport = transport;
        this.eventLoops = eventLoops;
    }

    /** @param source where a reload reads the configuration again, or null (rules and plugin files only) */
    public static RunningProxy start(ProxyOptions options, ProxyConfigSource source) throws ConfigException {
        int loops = options.eventLoops() > 0 ? options.eventLoops() : Runtime.getRuntime().availableProcessors();
        Transport transport = TransportSelection.choose(options.transport());
        Vertx vertx = Vertx.builder()
                .with(new VertxOptions().setEventLoopPoolSize(loops).setPreferNativeTransport(transport != Transport.NIO))
                .withTransport(transport)
                .build();
        String transportName = vertx.isNativeTransportEnabled() ? transport.name().toLowerCase() : "nio";
        DetectorPipeline pipeline = null;
        AccessLog accessLog = null;
        RuleSetHolder rules = null;
        RulesFileWatcher watcher = null;
        DemoOrigin demo = null;
        try {
            ProxyMetrics metrics = new ProxyMetrics();
            Map<String, dev.bliss.plugin.DetectorProvider> providers = PluginLoader.load(options.pluginsDirectory());
            pipeline = DetectorPipeline.build(options.plugins(), providers,
                    options.baseDirectory(), loops, PluginFields.HOST_FIELDS,
                    name -> new MicrometerPluginMetrics(metrics.registry(), name));
            if (options.rulesFile() != null) {
                try {
                    rules = RuleSetHolder.load(options.rulesFile(), pipeline.scheme());
                } catch (RulesException e) {
                    throw new ConfigException(Position.builtIn(options.rulesFile().toString()), "rules", "\n" + e.getMessage());
                }
                FirewallWarmUp.startOnce();
                metrics.bindRules(rules);
                RuleSetHolder boundRules = rules;
                rules.onReload(set -> metrics.bindRules(boundRules));
                try {
                    watcher = new RulesFileWatcher(rules);
                } catch (IOException e) {
                    LOG.log(System.Logger.Level.WARNING, "cannot watch " + options.rulesFile() + " for changes: " + e.getMessage()
                            + "; reload with POST /rules/reload");
                }
            }
            RouteTable routes;
            if (options.routes().isEmpty()) {
                demo = DemoOrigin.start(vertx).await();
                routes = RouteTable.catchAll(new UpstreamOptions("demo",
                        List.of(new OriginAddress("http", "127.0.0.1", demo.port())), UpstreamOptions.DEFAULT_POOL_SIZE,
                        UpstreamOptions.DEFAULT_MAX_FAILURES, UpstreamOptions.DEFAULT_COOLDOWN));
            } else {
                routes = RouteTable.of(options);
            }
            metrics.bind(pipeline);
            if (options.accessLog() != null) {
                try {
                    accessLog = new AccessLog(options.accessLog(), pipeline.scheme());
                } catch (IOException e) {
                    throw new ConfigException(Position.builtIn(options.accessLog().path().toString()), "access_log.path",
                            "cannot open: " + e.getMessage());
                }
            }
            VertxInternal internal = (VertxInternal) vertx;
            BrowserChallenge challenge = BrowserChallenge.start(options.challenge(), metrics.registry());
            ProxyShared shared = new ProxyShared(options,
                    new RoutingState(routes, new ForwardedHeaders(new TrustedProxies(options.trustedProxies()))),
                    new RequestIds(options.requestIdHeader()), pipeline, metrics, accessLog, rules,
                    new ChannelSource(internal.transport().channelFactory(false)), OriginTls.clientContext(), challenge);
            ConfigurationReload reload = new ConfigurationReload(shared, source, demo != null);
            FunctionCounter.builder("bliss_reloads", reload, ConfigurationReload::applied)
                    .description("Reloads (SIGHUP, POST /reload) by result").tag("result", "applied").register(metrics.registry());
            FunctionCounter.builder("bliss_reloads", reload, ConfigurationReload::failed)
                    .description("Reloads (SIGHUP, POST /reload) by result").tag("result", "rejected").register(metrics.registry());
            io.micrometer.core.instrument.Gauge.builder("bliss_reload_last_success_timestamp_seconds", reload,
                            r -> r.lastSuccessMillis() / 1000.0)
                    .description("When the configuration in force was read (start or the last applied reload), Unix time")
                    .register(metrics.registry());
            Map<EventLoop, RequestPath> byLoop = new ConcurrentHashMap<>();
            vertx.deployVerticle(() -> new ProxyVerticle(shared, byLoop), new DeploymentOptions().setInstances(loops)).await();
            for (EventExecutor loop : internal.nettyEventLoopGroup()) {
                if (!byLoop.containsKey(loop)) {
                    throw new IllegalStateException("event loop " + loop + " has no proxy verticle");
                }
            }
            List<HttpListener> bound = new ArrayList<>();
            try {
                for (ListenerOptions l : options.listeners()) {
                    bound.add(HttpListener.bind(l, internal.acceptorEventLoopGroup(), internal.nettyEventLoopGroup(),
                            internal.transport().serverChannelFactory(false), byLoop, options.limits().maxHeaderSize(), vertx,
                            shared::forwarded));
                }
            } catch (RuntimeException e) {
                bound.forEach(HttpListener::close);
                throw e;
            }
            List<RequestPath> paths = List.copyOf(byLoop.values());

            RunningProxy[] self = new RunningProxy[1];
            StatsReport stats = new StatsReport(metrics, rules);
            AdminServer admin = null;
            if (options.admin().enabled()) {
                admin = AdminServer.start(vertx, options.admin(), () -> self[0] == null ? "starting" : self[0].notReady(),
                        metrics::scrape, () -> EffectiveConfig.of(options, transportName, loops,
                                type -> providers.containsKey(type) ? providers.get(type).secretKeys() : java.util.Set.of()),
                        reloadAction(vertx, rules), () -> self[0].reload().compose(outcome -> outcome.applied()
                                ? Future.succeededFuture(outcome.summary()) : Future.failedFuture(outcome.summary())),
                        stats).await();
            }
            self[0] = new RunningProxy(vertx, shared, paths, bound, admin, stats, demo, transportName, loops, watcher, reload);
            LOG.log(System.Logger.Level.INFO, "bliss proxy started: " + loops + " event loops on " + transportName
                    + ", " + pipeline.stages().size() + " detectors");
            return self[0];
        } catch (ConfigException | RuntimeException e) {
            if (pipeline != null) {
                pipeline.close();
            }
            closeQuietly(accessLog);
            closeQuietly(watcher);
            vertx.close().await();
            throw e;
        }
    }

    /** The admin server's reload: compiled on a worker thread; the old rules stay on failure. */
    private static AdminServer.Reload reloadAction(Vertx vertx, RuleSetHolder rules) {
        if (rules == null) {
            return () -> Future.failedFuture("no rules file is configured (key rules in bliss.yaml)");
        }
        return () -> vertx.executeBlocking(() -> {
            try {
                return "rules reloaded from " + rules.file() + ": " + rules.reload().rules().size() + " rules in force";
            } catch (RulesException e) {
                throw new IllegalArgumentException(e.getMessage(), e);
            }
        });
    }

    @Override
    public Future<ReloadOutcome> reload() {
        return vertx.executeBlocking(() -> reload.run(listeners));
    }

    @Override
    public Future<String> reopenLogs() {
        return vertx.executeBlocking(() -> {
            List<String> reopened = new ArrayList<>();
            List<String> failures = new ArrayList<>();
            AccessLog log = shared.accessLog();
            if (log != null) {
                try {
                    log.reopen().get(10, TimeUnit.SECONDS);
                    reopened.add("access log " + log.path());
                } catch (ExecutionException | TimeoutException e) {
                    failures.add("access log " + log.path() + ": " + (e.getCause() != null ? e.getCause() : e));
                }
            }
            for (DetectorStage stage : shared.pipeline().stages()) {
                try {
                    stage.factory().reopenLogs();
                    reopened.add("plugin " + stage.name());
                } catch (IOException | RuntimeException e) {
                    failures.add("plugin " + stage.name() + ": " + e);
                }
            }
            if (!failures.isEmpty()) {
                throw new IOException("logs not reopened: " + String.join("; ", failures));
            }
            String done = "logs reopened: " + (reopened.isEmpty() ? "none configured" : String.join(", ", reopened));
            LOG.log(System.Logger.Level.INFO, done);
            return done;
        });
    }

    @Override
    public int port(int listener) {
        return listeners.get(listener).port();
    }

    @Override
    public void addStatsSection(String name, java.util.function.Supplier<io.vertx.core.json.JsonObject> section) {
        stats.addSection(name, section);
    }

    @Override
    public void addRemoteStatsSection(String name, java.net.URI statusUrl) {
        stats.addSection(name, new dev.bliss.proxy.admin.RemoteStatusSection(vertx, statusUrl));
    }

    @Override
    public void addReadinessCheck(String name, java.util.function.Supplier<String> problem) {
        readinessChecks.put(name, problem);
    }

    /** Null when ready, else why not: shutting down, or the first failing readiness check. */
    private String notReady() {
        if (!ready) {
            return "shutting down";
        }
        for (Map.Entry<String, java.util.function.Supplier<String>> check : readinessChecks.entrySet()) {
            String problem;
            try {
                problem = check.getValue().get();
            } catch (RuntimeException e) {
                problem = "its check failed: " + e;
            }
            if (problem != null) {
                return check.getKey() + ": " + problem;
            }
        }
        return null;
    }

    @Override
    public int adminPort() {
        return admin == null ? -1 : admin.port();
    }

    @Override
    public String transport() {
        return transport;
    }

    @Override
    public int eventLoops() {
        return eventLoops;
    }

    @Override
    public int demoOriginPort() {
        return demo == null ? -1 : demo.port();
    }

    @Override
    public synchronized Future<Void> shutdown() {
        if (shutdown == null) {
            ready = false;
            // listeners stop first; idle keep-alive connections close, busy ones after their
            // response; in-flight exchanges get the deadline; then everything left is closed
            long deadline = System.nanoTime() + shared.options().timeouts().shutdown().toNanos();
            // before shutdown() returns, no new connection is accepted (the listeners are on
            // Vert.x's acceptor loop, never the caller's)
            listeners.forEach(HttpListener::close);
            Promise<Void> drained = Promise.promise();
            paths.forEach(RequestPath::drain);
            shutdownStage = "draining in-flight exchanges";
            watchDrain(deadline, drained);
            shutdown = drained.future()
                    .eventually(() -> stage("undeploying", Future.join(vertx.deploymentIDs().stream().map(vertx::undeploy).toList())))
                    .eventually(() -> stage("closing the admin server", admin == null ? Future.succeededFuture() : admin.close()))
                    .eventually(() -> stage("closing the demo origin", demo == null ? Future.succeededFuture() : demo.close()))
                    .eventually(() -> {
                        shutdownStage = "closing plugins, logs and Vert.x";
                        shared.pipeline().close();
                        closeQuietly(shared.accessLog());
                        closeQuietly(watcher);
                        shared.metrics().close();
                        return closeVertx();
                    })
                    .mapEmpty();
        }
        return shutdown;
    }

    /**
     * Shuts down and waits, at most the drain deadline ({@code timeouts.shutdown}) plus
     * {@link #CLOSE_MARGIN}: a step that never completes is logged with its name and Vert.x is
     * closed anyway, and waited for at most the margin again, so a caller is never held forever.
     * Seen twice in test runs under heavy load: close() waited 14 and 20 minutes with no exchange
     * left, the event loops idle in io_uring's wait and the acceptor loop still alive, then taken
     * for Vert.x's own close never completing. A cause that gives the same picture was found
     * since, on epoll as on io_uring: the drain watch lost to a failed cancel, the shutdown held
     * at "draining in-flight exchanges" (see {@link #watchDrain}).
     */
    @Override
    public void close() {
        Future<Void> done = shutdown();
        long bound = shared.options().timeouts().shutdown().plus(CLOSE_MARGIN).toMillis();
        try {
            done.await(bound, TimeUnit.MILLISECONDS);
            return;
        } catch (TimeoutException e) {
            LOG.log(System.Logger.Level.ERROR, "shutdown still " + shutdownStage + " after " + bound
                    + " ms; closing Vert.x anyway");
        }
        try {
            closeVertx().await(CLOSE_MARGIN.toMillis(), TimeUnit.MILLISECONDS);
        } catch (TimeoutException e) {
            LOG.log(System.Logger.Level.ERROR, "Vert.x's event loops did not stop within " + CLOSE_MARGIN.toSeconds()
                    + " s of being closed; leaving them");
        }
    }

    /**
     * Completes {@code drained} once no exchange is in flight or the deadline has passed, looking
     * every 10 ms: a timer, not a sleeping thread. A one-shot timer armed again, never a periodic
     * one cancelled from its own tick: {@code shutdown()} runs on the caller's thread, and when the
     * periodic's first tick ran before Vert.x (5.0.7) had stored the timer's future on that thread,
     * {@code cancelTimer} threw a NullPointerException after disposing of the timer, so the
     * watch never ran again and the shutdown waited at this step for all of {@link #close()}'s
     * bound (seen under load in 1 close of about 8,000: the calling thread descheduled for the
     * 10 ms between scheduling the timer and storing its future).
     */
    private void watchDrain(long deadline, Promise<Void> drained) {
        vertx.setTimer(10, timer -> {
            if (System.nanoTime() - deadline < 0 && !paths.stream().allMatch(p -> p.inFlight() == 0)) {
                watchDrain(deadline, drained);
                return;
            }
            try {
                paths.forEach(RequestPath::close);
            } finally {
                drained.tryComplete();
            }
        });
    }

    /** Names the shutdown step {@code step} is, for {@link #close()}'s report if it never ends. */
    private Future<?> stage(String name, Future<?> step) {
        shutdownStage = name;
        return step;
    }

    /**
     * Closes Vert.x from a thread of its own. The step before runs on an event loop (the admin
     * server's close completes there), and a future Vert.x hands out on an event loop reports on
     * that loop's context: closing Vert.x from it, the report would be queued on a loop that
     * {@code vertx.close()} has just shut down, and the shutdown would never complete (seen once
     * under load, a test hung in close() for 17 minutes).
     */
    private Future<Void> closeVertx() {
        Promise<Void> closed = Promise.promise();
        Thread.ofPlatform().name("bliss-close").start(() -> vertx.close().onComplete(closed));
        return closed.future();
    }

    private static void closeQuietly(AutoCloseable c) {
        if (c != null) {
            try {
                c.close();
            } catch (Exception e) {
                LOG.log(System.Logger.Level.WARNING, "close failed", e);
            }
        }
    }
}
