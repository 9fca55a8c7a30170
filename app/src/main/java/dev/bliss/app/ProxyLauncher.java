package dev.bliss.app;

import dev.bliss.plugin.config.ConfigException;
import dev.bliss.proxy.ProxyServer;
import dev.bliss.proxy.config.ListenerOptions;
import dev.bliss.proxy.config.ProxyConfigSource;
import dev.bliss.proxy.config.ProxyOptions;

/**
 * Starts a proxy, prints where it listens, and answers signals ({@link ProcessSignals}) until
 * SIGTERM or SIGINT has drained it: SIGHUP reloads, SIGUSR1 reopens the logs.
 */
final class ProxyLauncher {

    private static final System.Logger LOG = System.getLogger("dev.bliss.app");

    private ProxyLauncher() {
    }

    static int runUntilSignalled(ProcessSignals signals, ProxyOptions options) {
        return runUntilSignalled(signals, options, null, null, null);
    }

    /**
     * As {@link #runUntilSignalled(ProxyOptions)}; SIGHUP reads the proxy's configuration again
     * from {@code source} (null: rules and plugin files only), and {@code sidecar} (if any) is
     * closed after the proxy. Without an embedded feature service, the dashboard shows the one at
     * {@code featureServiceStatus} (its own process's {@code GET /status}), when not null.
     */
    static int runUntilSignalled(ProcessSignals signals, ProxyOptions options, ProxyConfigSource source, AutoCloseable sidecar,
                                 java.net.URI featureServiceStatus) {
        ProxyServer proxy;
        try {
            proxy = ProxyServer.start(options, source);
        } catch (ConfigException e) {
            System.err.println("bliss: " + e.getMessage());
            closeQuietly(sidecar);
            return 1;
        } catch (RuntimeException e) {
            System.err.println("bliss: cannot start: " + e.getMessage());
            closeQuietly(sidecar);
            return 1;
        }
        if (sidecar instanceof dev.bliss.features.FeatureService service) {
            // in one process, a dead or stuck publisher is this process's failure: /readyz says so
            proxy.addReadinessCheck("embedded feature service", service::unhealthyReason);
            // and the dashboard shows what its own /status would: snapshot, windows, cluster
            proxy.addStatsSection("feature_service", () -> dev.bliss.features.admin.ServiceStatusReport.of(service));
        } else if (featureServiceStatus != null && proxy.adminPort() > 0) {
            // its own process (bliss feature-service, a sidecar): the same report, over its admin
            proxy.addRemoteStatsSection("feature_service", featureServiceStatus);
        }
        for (int i = 0; i < options.listeners().size(); i++) {
            ListenerOptions l = options.listeners().get(i);
            String scheme = l.tls() != null ? "https" : "http";
            System.out.println("bliss proxy listening on " + scheme + "://" + displayHost(l.host()) + ':' + proxy.port(i) + '/'
                    + (proxy.demoOriginPort() > 0 ? "  (no upstream configured: serving the built-in demo origin)" : ""));
        }
        if (proxy.adminPort() > 0) {
            System.out.println("bliss admin on http://" + displayHost(options.admin().host()) + ':' + proxy.adminPort()
                    + "/  (/healthz /readyz /metrics /config, POST /reload)");
        }
        signals.onReload(() -> proxy.reload().onComplete(ar -> {
                    // the proxy logged the outcome; a failure here is one the reload did not expect
                    if (ar.failed()) {
                        LOG.log(System.Logger.Level.ERROR, "reload failed", ar.cause());
                    }
                }))
                .onReopenLogs(() -> proxy.reopenLogs().onFailure(e -> LOG.log(System.Logger.Level.ERROR, e.getMessage())))
                .onStop(() -> {
                    System.out.println("bliss: shutting down, finishing in-flight requests (up to "
                            + options.timeouts().shutdown().toSeconds() + " s; a second SIGTERM or Ctrl-C exits at once)");
                    proxy.close();
                    closeQuietly(sidecar);
                });
        try {
            signals.awaitDrained();
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
        return 0;
    }

    private static void closeQuietly(AutoCloseable sidecar) {
        if (sidecar == null) {
            return;
        }
        try {
            sidecar.close();
        } catch (Exception e) {
            System.err.println("bliss: " + sidecar.getClass().getSimpleName() + " did not stop cleanly: " + e.getMessage());
        }
    }

    private static String displayHost(String host) {
        if (host.equals("0.0.0.0") || host.equals("::")) {
            return "localhost";
        }
        return host.indexOf(':') >= 0 ? '[' + host + ']' : host;
    }
}
