package dev.bliss.app;

import dev.bliss.app.logging.ApplicationLog;
import dev.bliss.app.logging.LoggingOptions;
import dev.bliss.proxy.config.AdminOptions;
import dev.bliss.proxy.config.OriginAddress;
import dev.bliss.proxy.config.ProxyOptions;
import java.util.concurrent.Callable;
import picocli.CommandLine.Command;
import picocli.CommandLine.Option;

/**
 * {@code bliss proxy --from 127.0.0.1:8080 --to http://127.0.0.1:9000}: a proxy with defaults and
 * no configuration file, the way {@code caddy reverse-proxy} works.
 */
@Command(name = "proxy", mixinStandardHelpOptions = true,
        description = "Run a reverse proxy from one address to one origin, with defaults and no configuration file.")
public final class ProxyCommand implements Callable<Integer> {

    @Option(names = "--from", defaultValue = "127.0.0.1:8080", description = "host:port to listen on (default: ${DEFAULT-VALUE}).")
    String from;

    @Option(names = "--to", required = true, description = "The origin, http://host:port or https://host:port.")
    String to;

    @Option(names = "--admin-port", defaultValue = "9901", description = "Admin port on 127.0.0.1; 0 picks one, -1 disables (default: ${DEFAULT-VALUE}).")
    int adminPort;

    @Override
    public Integer call() {
        ProcessSignals signals = ProcessSignals.install();
        int colon = from.lastIndexOf(':');
        if (colon <= 0) {
            System.err.println("bliss: --from must be host:port, got " + from);
            return 2;
        }
        String host = from.substring(0, colon);
        if (host.startsWith("[") && host.endsWith("]")) {
            host = host.substring(1, host.length() - 1);
        }
        int port;
        OriginAddress origin;
        try {
            port = Integer.parseInt(from.substring(colon + 1));
            origin = OriginAddress.parse(to);
        } catch (IllegalArgumentException e) {
            System.err.println("bliss: " + e.getMessage());
            return 2;
        }
        ProxyOptions options = ProxyOptions.simple(host, port, origin)
                .withAdmin(new AdminOptions(adminPort >= 0, AdminOptions.DEFAULT_HOST, Math.max(0, adminPort)));
        ApplicationLog.configure(LoggingOptions.DEFAULT);
        return ProxyLauncher.runUntilSignalled(signals, options);
    }
}
