package dev.bliss.proxy;

import dev.bliss.plugin.config.ConfigException;
import dev.bliss.proxy.config.ProxyConfigSource;
import dev.bliss.proxy.config.ProxyOptions;
import dev.bliss.proxy.internal.RunningProxy;
import io.vertx.core.Future;

/**
 * A running bliss proxy: listeners, one verticle per event loop, the detector pipeline, the
 * firewall, and the admin server.
 *
 * <pre>{@code
 * ProxyServer proxy = ProxyServer.start(ProxyConfigReader.read(Path.of("config/bliss.yaml")));
 * System.out.println("listening on " + proxy.port(0));
 * proxy.shutdown().await();
 * }</pre>
 */
public interface ProxyServer extends AutoCloseable {

    /**
     * Builds the pipeline (plugins prepared, fields checked, rules compiled), starts the event
     * loops and listeners, and returns once everything listens. Blocks the calling thread; call
     * it from a main thread, never from an event loop.
     *
     * @throws ConfigException when plugins or rules refuse the configuration
     */
    static ProxyServer start(ProxyOptions options) throws ConfigException {
        return RunningProxy.start(options, null);
    }

    /**
     * As {@link #start(ProxyOptions)}; {@link #reload()} reads the configuration again from
     * {@code source} (without one it reloads only the rules file and the plugins' files).
     */
    static ProxyServer start(ProxyOptions options, ProxyConfigSource source) throws ConfigException {
        return RunningProxy.start(options, source);
    }

    /** The port listener {@code i} is bound to (the real one when configured as 0). */
    int port(int listener);

    /**
     * Makes {@code /readyz} depend on {@code problem} too: while it returns non-null, /readyz
     * answers 503 with {@code name} and that text. {@code bliss run} adds its embedded feature
     * service this way, so a dead or stuck publisher shows. {@code problem} runs on the admin
     * server's event loop: it must be quick and must not block. Any thread.
     */
    void addReadinessCheck(String name, java.util.function.Supplier<String> problem);

    /**
     * Adds a section to {@code /stats} and the dashboard: {@code section} is rendered under
     * {@code sections.<name>} at every read, and the page lists its values. {@code bliss run}
     * shows the feature service it embeds (its snapshot, and in cluster mode the fleet) this way.
     * {@code section} runs on the admin server's event loop: quick, never blocking; a section
     * that throws shows its error instead. Any thread.
     */
    void addStatsSection(String name, java.util.function.Supplier<io.vertx.core.json.JsonObject> section);

    /**
     * Adds a section to {@code /stats} and the dashboard that another process reports: the JSON
     * object {@code statusUrl} answers (an {@code http://} URL; {@code bliss run} passes the
     * {@code GET /status} of a feature service running as its own process), fetched by the admin
     * server at most every two seconds with a two-second timeout and shown as last fetched, or
     * as {@code unreachable} with the error. Any thread.
     */
    void addRemoteStatsSection(String name, java.net.URI statusUrl);

    /** The admin server's port, or -1 when it is disabled. */
    int adminPort();

    /** The network transport the event loops run on: io_uring, epoll or nio. */
    String transport();

    int eventLoops();

    /** The built-in demo origin's port when it serves (no routes configured), else -1. */
    int demoOriginPort();

    /**
     * SIGHUP: reads again what can change at run time (routes, upstreams, trusted proxies from
     * the configuration source; the rules file; each plugin's files, such as models), checks it
     * all off the event loops, and puts it in force, or nothing of the proxy's own when any part
     * is refused. Counted in {@code bliss_reloads_total{result}}. Any thread.
     */
    Future<ReloadOutcome> reload();

    /**
     * SIGUSR1: the access log and the plugins' logs (the detection log) close their files and
     * open their paths again, after logrotate moved them. The future fails with the files that
     * could not be opened. Any thread.
     */
    Future<String> reopenLogs();

    /**
     * Graceful shutdown: stop accepting, let in-flight exchanges finish up to the configured
     * shutdown timeout, then close everything.
     */
    Future<Void> shutdown();

    /** {@link #shutdown()} and wait for it. */
    @Override
    void close();
}
