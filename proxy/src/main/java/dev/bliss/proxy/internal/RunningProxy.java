package dev.bliss.proxy.internal;

import dev.bliss.plugin.config.ConfigException;
import dev.bliss.plugin.config.Position;
import dev.bliss.proxy.ProxyServer;
import dev.bliss.proxy.accesslog.AccessLog;
import dev.bliss.proxy.admin.AdminServer;
import dev.bliss.proxy.admin.EffectiveConfig;
import dev.bliss.proxy.admin.StatsReport;
import dev.bliss.proxy.config.OriginAddress;
import dev.bliss.proxy.config.ProxyOptions;
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
import io.vertx.core.Vertx;
import io.vertx.core.VertxOptions;
import io.vertx.core.transport.Transport;
import java.io.IOException;
import java.util.List;
import java.util.concurrent.CopyOnWriteArrayList;

/**
 * The implementation of {@link ProxyServer}: the start sequence and the shutdown sequence.
 *
 * <pre>
 *  start:    transport ─► Vert.x (n event loops) ─► plugins prepared, fields, order ─► routes
 *            (or the demo origin) ─► metrics, access log ─► n ProxyVerticles listen ─► admin
 *  shutdown: not ready ─► verticles stop accepting, in-flight finish (deadline) ─► admin, demo,
 *            pipeline, access log, Vert.x closed
 * </pre>
 */
public final class RunningProxy implements ProxyServer {

    private static final System.Logger LOG = System.getLogger("dev.bliss.proxy");

    private final Vertx vertx;
    private final ProxyShared shared;
    private final List<ProxyVerticle> verticles;
    private final AdminServer admin;
    private final DemoOrigin demo;
    private final String transport;
    private final int eventLoops;
    private final RulesFileWatcher watcher;
    private volatile boolean ready = true;
    private Future<Void> shutdown;

    private RunningProxy(Vertx vertx, ProxyShared shared, List<ProxyVerticle> verticles, AdminServer admin,
                         DemoOrigin demo, String transport, int eventLoops, RulesFileWatcher watcher) {
        this.watcher = watcher;
        this.vertx = vertx;
        this.shared = shared;
        this.verticles = verticles;
        this.admin = admin;
        this.demo = demo;
        this.transport = transport;
        this.eventLoops = eventLoops;
    }

    public static RunningProxy start(ProxyOptions options) throws ConfigException {
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
            pipeline = DetectorPipeline.build(options.plugins(), PluginLoader.load(options.pluginsDirectory()),
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
                    accessLog = new AccessLog(options.accessLog());
                } catch (IOException e) {
                    throw new ConfigException(Position.builtIn(options.accessLog().toString()), "access_log.path",
                            "cannot open: " + e.getMessage());
                }
            }
            ProxyShared shared = new ProxyShared(options, routes, new ForwardedHeaders(new TrustedProxies(options.trustedProxies())),
                    new RequestIds(options.requestIdHeader()), pipeline, metrics, accessLog, rules);
            List<ProxyVerticle> verticles = new CopyOnWriteArrayList<>();
            vertx.deployVerticle(() -> {
                ProxyVerticle v = new ProxyVerticle(shared);
                verticles.add(v);
                return v;
            }, new DeploymentOptions().setInstances(loops)).await();

            RunningProxy[] self = new RunningProxy[1];
            AdminServer admin = null;
            if (options.admin().enabled()) {
                admin = AdminServer.start(vertx, options.admin(), () -> self[0] != null && self[0].ready,
                        metrics::scrape, () -> EffectiveConfig.of(options, transportName, loops),
                        reloadAction(vertx, rules), new StatsReport(metrics.traffic(), rules, metrics.registry())).await();
            }
            self[0] = new RunningProxy(vertx, shared, verticles, admin, demo, transportName, loops, watcher);
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
    public int port(int listener) {
        return verticles.getFirst().actualPort(listener);
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
            // listeners stop first and in-flight exchanges get the deadline; then the verticles go,
            // and with them their origin clients
            shutdown = Future.join(verticles.stream().map(ProxyVerticle::drain).toList())
                    .eventually(() -> Future.join(vertx.deploymentIDs().stream().map(vertx::undeploy).toList()))
                    .eventually(() -> admin == null ? Future.succeededFuture() : admin.close())
                    .eventually(() -> demo == null ? Future.succeededFuture() : demo.close())
                    .eventually(() -> {
                        shared.pipeline().close();
                        closeQuietly(shared.accessLog());
                        closeQuietly(watcher);
                        shared.metrics().close();
                        return vertx.close();
                    })
                    .mapEmpty();
        }
        return shutdown;
    }

    @Override
    public void close() {
        shutdown().await();
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
