package dev.bliss.training.simulate;

import dev.bliss.proxy.ProxyServer;
import dev.bliss.proxy.testing.Proxies;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;

/**
 * The real proxy as the lab runs it, for the simulator's tests: two event loops on loopback in
 * front of a {@link RecordingSite}, the simulator trusted as the load balancer, and the real bot
 * plugin with the default features, heuristics and verified crawlers (config/), no model and no
 * feature service behind it.
 */
final class LabProxy {

    private LabProxy() {
    }

    /**
     * Starts the proxy from {@code dir}, where it writes its configuration.
     *
     * @param rules    the rules file's text
     * @param settings more top-level settings (YAML lines), or ""
     * @param plugin   more settings of the bot plugin (YAML lines at its config's indent), or ""
     */
    static ProxyServer start(Path dir, RecordingSite site, String rules, String settings, String plugin) throws Exception {
        Path config = Path.of("..", "config").toAbsolutePath().normalize();
        for (String f : List.of("features.yaml", "heuristics.yaml", "verified-bots.yaml")) {
            Files.copy(config.resolve(f), dir.resolve(f));
        }
        Files.writeString(dir.resolve("models.yaml"), "models: []\n");
        Files.writeString(dir.resolve("rules.yaml"), rules);
        return ProxyServer.start(Proxies.options("""
                proxy: {event_loops: 2}
                listeners: [{host: 127.0.0.1, port: 0}]
                admin: {host: 127.0.0.1, port: 0}
                upstreams:
                  app: {origins: [%s]}
                routes: [{path_prefix: /, upstream: app}]
                trusted_proxies: [127.0.0.1/32]
                rules: rules.yaml
                %s
                plugins:
                  - name: bot
                    type: bot-management
                    config:
                      store: %s
                      events_ring: ""
                      fingerprint_headers: {ja3: x-ja3, ja4: x-ja4}
                %s
                """.formatted(site.url(), settings, dir.resolve("store").resolve("features"), plugin.indent(6)), dir));
    }
}
