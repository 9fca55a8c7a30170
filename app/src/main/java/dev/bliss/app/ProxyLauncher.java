package dev.bliss.app;

import dev.bliss.plugin.config.ConfigException;
import dev.bliss.proxy.ProxyServer;
import dev.bliss.proxy.config.ListenerOptions;
import dev.bliss.proxy.config.ProxyOptions;
import java.util.concurrent.CountDownLatch;

/**
 * Starts a proxy, prints where it listens, and holds the main thread until SIGTERM or SIGINT,
 * which trigger a graceful shutdown (in-flight requests finish up to the configured deadline).
 */
final class ProxyLauncher {

    private ProxyLauncher() {
    }

    static int runUntilSignalled(ProxyOptions options) {
        return runUntilSignalled(options, null);
    }

    /** As {@link #runUntilSignalled(ProxyOptions)}, and closes {@code sidecar} (if any) after the proxy. */
    static int runUntilSignalled(ProxyOptions options, AutoCloseable sidecar) {
        ProxyServer proxy;
        try {
            proxy = ProxyServer.start(options);
        } catch (ConfigException e) {
            System.err.println("bliss: " + e.getMessage());
            closeQuietly(sidecar);
            return 1;
        } catch (RuntimeException e) {
            System.err.println("bliss: cannot start: " + e.getMessage());
            closeQuietly(sidecar);
            return 1;
        }
        for (int i = 0; i < options.listeners().size(); i++) {
            ListenerOptions l = options.listeners().get(i);
            String scheme = l.tls() != null ? "https" : "http";
            System.out.println("bliss proxy listening on " + scheme + "://" + displayHost(l.host()) + ':' + proxy.port(i) + '/'
                    + (proxy.demoOriginPort() > 0 ? "  (no upstream configured: serving the built-in demo origin)" : ""));
        }
        if (proxy.adminPort() > 0) {
            System.out.println("bliss admin on http://" + displayHost(options.admin().host()) + ':' + proxy.adminPort()
                    + "/  (/healthz /readyz /metrics /config)");
        }
        CountDownLatch stopped = new CountDownLatch(1);
        Runtime.getRuntime().addShutdownHook(Thread.ofPlatform().unstarted(() -> {
            System.out.println("bliss: shutting down, finishing in-flight requests (up to "
                    + options.timeouts().shutdown().toSeconds() + " s)");
            proxy.close();
            closeQuietly(sidecar);
            stopped.countDown();
        }));
        try {
            stopped.await();
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
