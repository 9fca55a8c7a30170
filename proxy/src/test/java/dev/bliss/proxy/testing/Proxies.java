package dev.bliss.proxy.testing;

import dev.bliss.plugin.config.ConfigException;
import dev.bliss.plugin.config.ConfigSection;
import dev.bliss.config.yaml.YamlConfigReader;
import dev.bliss.proxy.ProxyServer;
import dev.bliss.proxy.config.ProxyConfigReader;
import dev.bliss.proxy.config.ProxyOptions;
import java.nio.file.Path;

/**
 * Starts proxies for tests from a bliss.yaml text: listeners on 127.0.0.1 port 0, admin on port 0,
 * two event loops, unless the text says otherwise.
 */
public final class Proxies {

    private Proxies() {
    }

    /** Options from YAML; {@code origin} replaces {@code ORIGIN} in the text. */
    public static ProxyOptions options(String yaml, Path configDir) throws ConfigException {
        ConfigSection root = ConfigSection.root(YamlConfigReader.parse("test-bliss.yaml", yaml));
        return ProxyConfigReader.read(root, configDir == null ? null : configDir.resolve("bliss.yaml"));
    }

    /** A proxy to one origin with everything else default. */
    public static String singleOrigin(String originUrl, String extra) {
        return """
                proxy:
                  event_loops: 2
                listeners:
                  - host: 127.0.0.1
                    port: 0
                admin:
                  host: 127.0.0.1
                  port: 0
                upstreams:
                  app:
                    origins: [%s]
                routes:
                  - path_prefix: /
                    upstream: app
                """.formatted(originUrl) + extra;
    }

    public static ProxyServer start(String yaml) throws ConfigException {
        return ProxyServer.start(options(yaml, null));
    }
}
