package dev.bliss.app.features;

import dev.bliss.features.FeatureServiceOptions;
import java.net.URI;

/**
 * The feature service of {@code bliss run} when it does not run inside the proxy: its own process
 * ({@code bliss feature-service}, a sidecar) on the same host, reading the same configuration
 * section. The proxy's dashboard shows it by fetching its admin's {@code GET /status}.
 */
public final class SeparateFeatureService {

    private SeparateFeatureService() {
    }

    /**
     * Where a process on this host reads that service's status: its admin address from the
     * section ({@code feature_service.admin}), a wildcard bind read through loopback; null when
     * its admin is disabled or picks its port at start (0), so there is no address to read.
     */
    public static URI statusUrl(ServiceConfig config) {
        FeatureServiceOptions options = config.settings().options();
        if (!options.adminEnabled() || options.adminPort() <= 0) {
            return null;
        }
        String host = switch (options.adminHost()) {
            case "0.0.0.0" -> "127.0.0.1";
            case "::", "[::]" -> "[::1]";
            default -> options.adminHost().indexOf(':') >= 0 && !options.adminHost().startsWith("[")
                    ? '[' + options.adminHost() + ']' : options.adminHost();
        };
        return URI.create("http://" + host + ':' + options.adminPort() + "/status");
    }
}
