package dev.bliss.proxy.config;

import dev.bliss.challenge.ChallengeOptions;
import dev.bliss.proxy.forward.RequestIds;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;

/**
 * Everything the proxy runs with, validated. Made by {@link ProxyConfigReader} from
 * {@code bliss.yaml}, or directly (tests, {@code bliss proxy --from --to}).
 *
 * @param eventLoops     event loops, one proxy verticle each; 0 means one per core
 * @param transport      the network transport
 * @param listeners      client-facing listeners
 * @param trustedProxies CIDRs of peers whose X-Forwarded-* headers are believed
 * @param requestIdHeader the header a trusted peer's request id is read from and the origin gets
 *                       the request id in, lower case (default {@code x-request-id})
 * @param upstreams      upstream groups by name
 * @param routes         routes in match order; empty means everything goes to the demo origin
 * @param accessLog      the JSON-lines access log (file, rotation, queue), or {@code null} for none
 * @param rulesFile      the firewall rules file, or {@code null} for no rules
 * @param pluginsDirectory jars of third-party detectors, or {@code null}
 * @param source         the file this came from, or {@code null}
 * @param challenge      the browser challenge that {@code challenge} rules answer with
 * @param requests       how requests are read and passed on (origin path, TRACE, underscores)
 */
public record ProxyOptions(
        int eventLoops,
        TransportChoice transport,
        List<ListenerOptions> listeners,
        List<String> trustedProxies,
        String requestIdHeader,
        LimitOptions limits,
        TimeoutOptions timeouts,
        Map<String, UpstreamOptions> upstreams,
        List<RouteOptions> routes,
        AdminOptions admin,
        AccessLogOptions accessLog,
        Path rulesFile,
        List<PluginOptions> plugins,
        Path pluginsDirectory,
        Path source,
        ChallengeOptions challenge,
        RequestOptions requests) {

    public ProxyOptions {
        requests = requests == null ? RequestOptions.DEFAULTS : requests;
        listeners = List.copyOf(listeners);
        trustedProxies = List.copyOf(trustedProxies);
        upstreams = Map.copyOf(upstreams);
        routes = List.copyOf(routes);
        plugins = List.copyOf(plugins);
        challenge = challenge == null ? ChallengeOptions.DEFAULTS : challenge;
    }

    /** The directory relative paths of the configuration resolve against. */
    public Path baseDirectory() {
        Path parent = source == null ? null : source.toAbsolutePath().getParent();
        return parent != null ? parent : Path.of("").toAbsolutePath();
    }

    /** Defaults with one listener and one origin: what {@code bliss proxy --from --to} runs. */
    public static ProxyOptions simple(String host, int port, OriginAddress origin) {
        UpstreamOptions upstream = new UpstreamOptions("default", List.of(origin), UpstreamOptions.DEFAULT_POOL_SIZE,
                UpstreamOptions.DEFAULT_MAX_FAILURES, UpstreamOptions.DEFAULT_COOLDOWN);
        return new ProxyOptions(0, TransportChoice.AUTO,
                List.of(new ListenerOptions(host, port, null)), List.of(), RequestIds.DEFAULT_HEADER,
                new LimitOptions(LimitOptions.DEFAULT_MAX_HEADER_SIZE, 0),
                new TimeoutOptions(TimeoutOptions.DEFAULT_CONNECT, TimeoutOptions.DEFAULT_RESPONSE, TimeoutOptions.DEFAULT_SHUTDOWN),
                Map.of("default", upstream), List.of(new RouteOptions("default", null, "/", "default")),
                new AdminOptions(true, AdminOptions.DEFAULT_HOST, AdminOptions.DEFAULT_PORT),
                null, null, List.of(), null, null, ChallengeOptions.DEFAULTS, RequestOptions.DEFAULTS);
    }

    public ProxyOptions withListeners(List<ListenerOptions> l) {
        return new ProxyOptions(eventLoops, transport, l, trustedProxies, requestIdHeader, limits, timeouts, upstreams, routes, admin,
                accessLog, rulesFile, plugins, pluginsDirectory, source, challenge, requests);
    }

    public ProxyOptions withChallenge(ChallengeOptions c) {
        return new ProxyOptions(eventLoops, transport, listeners, trustedProxies, requestIdHeader, limits, timeouts, upstreams, routes, admin,
                accessLog, rulesFile, plugins, pluginsDirectory, source, c, requests);
    }

    public ProxyOptions withAdmin(AdminOptions a) {
        return new ProxyOptions(eventLoops, transport, listeners, trustedProxies, requestIdHeader, limits, timeouts, upstreams, routes, a,
                accessLog, rulesFile, plugins, pluginsDirectory, source, challenge, requests);
    }
}
