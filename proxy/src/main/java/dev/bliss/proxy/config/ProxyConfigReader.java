package dev.bliss.proxy.config;

import dev.bliss.challenge.ChallengeOptions;
import dev.bliss.config.yaml.YamlConfigReader;
import dev.bliss.plugin.IpAddress;
import dev.bliss.plugin.config.ConfigException;
import dev.bliss.plugin.config.ConfigSection;
import dev.bliss.proxy.forward.RequestIds;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;

/**
 * Reads and validates {@code bliss.yaml} into {@link ProxyOptions}. Every error names file, line
 * and key; unknown keys are errors. The reference of every key is the commented
 * {@code config/bliss.yaml}.
 *
 * <p>Plugin sections are only shaped here ({@code name}, {@code type}, …); their own
 * {@code config} is validated by the plugin's provider when the pipeline is built.
 */
public final class ProxyConfigReader {

    private ProxyConfigReader() {
    }

    public static ProxyOptions read(Path file) throws ConfigException {
        return read(YamlConfigReader.read(file), file);
    }

    public static ProxyOptions read(ConfigSection root, Path file) throws ConfigException {
        Path base = file == null ? Path.of("").toAbsolutePath() : file.toAbsolutePath().getParent();

        ConfigSection proxy = root.section("proxy");
        int eventLoops = proxy.integer("event_loops", 0, 0, 1024);
        TransportChoice transport = TransportChoice.valueOf(
                proxy.oneOf("transport", "auto", "auto", "io_uring", "epoll", "nio").toUpperCase());
        proxy.requireNoUnknownKeys();

        List<ListenerOptions> listeners = new ArrayList<>();
        for (ConfigSection l : root.sections("listeners")) {
            listeners.add(listener(l, base));
        }
        if (listeners.isEmpty()) {
            throw root.error("listeners", "at least one listener is required");
        }

        List<String> trusted = root.strings("trusted_proxies");
        for (String cidr : trusted) {
            if (!isCidr(cidr)) {
                throw root.error("trusted_proxies", "not an IP address or CIDR: \"" + cidr + '"');
            }
        }

        String requestIdHeader = root.string("request_id_header", RequestIds.DEFAULT_HEADER).trim().toLowerCase(java.util.Locale.ROOT);
        if (!isHeaderName(requestIdHeader)) {
            throw root.error("request_id_header", "not a header name: \"" + requestIdHeader
                    + "\" (letters, digits, - and _; e.g. x-request-id)");
        }

        ConfigSection limitsSection = root.section("limits");
        LimitOptions limits = new LimitOptions(
                limitsSection.integer("max_header_size", LimitOptions.DEFAULT_MAX_HEADER_SIZE, 1024, 1 << 20),
                limitsSection.integer("max_body_size", 0L));
        if (limits.maxBodySize() < 0) {
            throw limitsSection.error("max_body_size", "must be 0 (no limit) or positive");
        }
        limitsSection.requireNoUnknownKeys();

        ConfigSection t = root.section("timeouts");
        TimeoutOptions timeouts = new TimeoutOptions(
                positive(t, "connect", TimeoutOptions.DEFAULT_CONNECT),
                positive(t, "response", TimeoutOptions.DEFAULT_RESPONSE),
                positive(t, "shutdown", TimeoutOptions.DEFAULT_SHUTDOWN));
        t.requireNoUnknownKeys();

        Map<String, UpstreamOptions> upstreams = new LinkedHashMap<>();
        ConfigSection ups = root.section("upstreams");
        for (String name : ups.keys()) {
            upstreams.put(name, upstream(name, ups.section(name)));
        }

        List<RouteOptions> routes = new ArrayList<>();
        List<ConfigSection> routeSections = root.sections("routes");
        for (int i = 0; i < routeSections.size(); i++) {
            ConfigSection r = routeSections.get(i);
            String upstream = r.requireString("upstream");
            if (!upstreams.containsKey(upstream)) {
                throw r.error("upstream", "no upstream named \"" + upstream + "\" (defined: " + String.join(", ", upstreams.keySet()) + ')');
            }
            String prefix = r.string("path_prefix", "/");
            if (!prefix.startsWith("/")) {
                throw r.error("path_prefix", "must start with /");
            }
            routes.add(new RouteOptions(r.string("name", "route" + i), lowerOrNull(r.string("host", null)), prefix, upstream));
            r.requireNoUnknownKeys();
        }
        if (routes.isEmpty() && !upstreams.isEmpty()) {
            throw root.error("routes", "upstreams are defined but no route uses them");
        }

        ConfigSection a = root.section("admin");
        AdminOptions admin = admin(a, base);

        AccessLogOptions accessLog = accessLog(root.section("access_log"), base);

        String rules = root.string("rules", null);
        Path rulesFile = rules == null ? null : base.resolve(rules);
        if (rulesFile != null && !Files.isRegularFile(rulesFile)) {
            throw root.error("rules", "file not found: " + rulesFile);
        }

        String pluginsDir = root.string("plugins_directory", null);
        Path pluginsDirectory = pluginsDir == null ? null : base.resolve(pluginsDir);

        List<PluginOptions> plugins = new ArrayList<>();
        Set<String> names = new HashSet<>();
        for (ConfigSection p : root.sections("plugins")) {
            String type = p.requireString("type");
            String name = p.string("name", type);
            if (!names.add(name)) {
                throw p.error("name", "two plugins are named \"" + name + "\"; give each a distinct name");
            }
            boolean enabled = p.bool("enabled", true);
            int order = p.integer("order", 0, Integer.MIN_VALUE, Integer.MAX_VALUE);
            boolean failClosed = p.oneOf("on_error", "open", "open", "closed").equals("closed");
            Duration budget = positive(p, "async_budget", PluginOptions.DEFAULT_ASYNC_BUDGET);
            ConfigSection config = p.section("config");
            p.requireNoUnknownKeys();
            if (enabled) {
                plugins.add(new PluginOptions(name, type, order, failClosed, budget, config, p.position(), p.path()));
            }
        }

        ChallengeOptions challenge = ChallengeOptions.read(root.section("challenge"), base);
        RequestOptions requests = requests(root.section("requests"));

        root.requireNoUnknownKeys();
        return new ProxyOptions(eventLoops, transport, listeners, trusted, requestIdHeader, limits, timeouts, upstreams, routes, admin,
                accessLog, rulesFile, plugins, pluginsDirectory, file, challenge, requests);
    }

    private static RequestOptions requests(ConfigSection r) throws ConfigException {
        RequestOptions.OriginPath originPath = r.oneOf("origin_path", "normalized", "normalized", "raw").equals("raw")
                ? RequestOptions.OriginPath.RAW : RequestOptions.OriginPath.NORMALIZED;
        RequestOptions options = new RequestOptions(originPath, r.bool("allow_trace", false),
                r.bool("underscores_in_headers", false));
        r.requireNoUnknownKeys();
        return options;
    }

    private static AccessLogOptions accessLog(ConfigSection log, Path base) throws ConfigException {
        boolean enabled = log.bool("enabled", false);
        String path = log.string("path", "logs/access.log");
        long maxFileSize = ByteSize.read(log, "max_file_size", AccessLogOptions.DEFAULT_MAX_FILE_SIZE);
        if (maxFileSize != 0 && maxFileSize < 64 << 10) {
            throw log.error("max_file_size", "must be 0 (no rotation: logrotate and SIGUSR1) or at least 64KB, got " + maxFileSize + " bytes");
        }
        int maxFiles = log.integer("max_files", AccessLogOptions.DEFAULT_MAX_FILES, 1, 1000);
        long queue = ByteSize.read(log, "queue_size", AccessLogOptions.DEFAULT_QUEUE_BYTES);
        if (queue < 256 << 10 || queue > 1 << 30 || Long.bitCount(queue) != 1) {
            throw log.error("queue_size", "must be a power of two between 256KB and 1GB, got " + queue + " bytes");
        }
        log.requireNoUnknownKeys();
        return enabled ? new AccessLogOptions(base.resolve(path), maxFileSize, maxFiles, (int) queue) : null;
    }

    private static AdminOptions admin(ConfigSection a, Path base) throws ConfigException {
        boolean enabled = a.bool("enabled", true);
        String host = a.string("host", AdminOptions.DEFAULT_HOST);
        int port = a.integer("port", AdminOptions.DEFAULT_PORT, 0, 65535);
        String tokenFile = a.string("token_file", null);
        AdminToken token = null;
        if (tokenFile != null) {
            Path file = base.resolve(tokenFile);
            try {
                token = AdminToken.read(file);
            } catch (java.io.IOException e) {
                throw a.error("token_file", "cannot read " + file + ": " + e.getMessage());
            } catch (IllegalArgumentException e) {
                throw a.error("token_file", e.getMessage());
            }
        }
        a.requireNoUnknownKeys();
        if (enabled && token == null && !AdminOptions.isLoopback(host)) {
            throw a.error("host", "the admin server on " + host + " would be reachable from other machines: "
                    + "give it a bearer token with admin.token_file (a file of at least " + AdminToken.MIN_LENGTH
                    + " characters), or keep it on 127.0.0.1");
        }
        return new AdminOptions(enabled, host, port, token);
    }

    private static ListenerOptions listener(ConfigSection l, Path base) throws ConfigException {
        String host = l.string("host", "127.0.0.1");
        int port = l.integer("port", 8080, 0, 65535);
        TlsOptions tls = null;
        if (l.has("tls")) {
            ConfigSection t = l.section("tls");
            Path cert = base.resolve(t.requireString("certificate"));
            Path key = base.resolve(t.requireString("key"));
            if (!Files.isReadable(cert)) {
                throw t.error("certificate", "cannot read " + cert);
            }
            if (!Files.isReadable(key)) {
                throw t.error("key", "cannot read " + key);
            }
            t.requireNoUnknownKeys();
            tls = new TlsOptions(cert, key);
        }
        l.requireNoUnknownKeys();
        return new ListenerOptions(host, port, tls);
    }

    private static UpstreamOptions upstream(String name, ConfigSection u) throws ConfigException {
        List<OriginAddress> origins = new ArrayList<>();
        for (String text : u.strings("origins")) {
            try {
                origins.add(OriginAddress.parse(text));
            } catch (IllegalArgumentException e) {
                throw u.error("origins", e.getMessage());
            }
        }
        if (origins.isEmpty()) {
            throw u.error("origins", "an upstream needs at least one origin");
        }
        UpstreamOptions options = new UpstreamOptions(name, origins,
                u.integer("pool_size", UpstreamOptions.DEFAULT_POOL_SIZE, 1, 10_000),
                u.integer("max_failures", UpstreamOptions.DEFAULT_MAX_FAILURES, 1, 1_000),
                positive(u, "cooldown", UpstreamOptions.DEFAULT_COOLDOWN));
        u.requireNoUnknownKeys();
        return options;
    }

    private static Duration positive(ConfigSection s, String key, Duration def) throws ConfigException {
        Duration d = s.duration(key, def);
        if (d.isZero() || d.isNegative()) {
            throw s.error(key, "must be positive");
        }
        return d;
    }

    private static String lowerOrNull(String s) {
        return s == null || s.equals("*") ? null : s.toLowerCase(java.util.Locale.ROOT);
    }

    private static boolean isHeaderName(String name) {
        if (name.isEmpty()) {
            return false;
        }
        for (int i = 0; i < name.length(); i++) {
            char c = name.charAt(i);
            if (!(c >= 'a' && c <= 'z' || c >= '0' && c <= '9' || c == '-' || c == '_')) {
                return false;
            }
        }
        return true;
    }

    private static boolean isCidr(String text) {
        int slash = text.indexOf('/');
        IpAddress a = new IpAddress();
        if (slash < 0) {
            return a.parse(text);
        }
        if (!a.parse(text, 0, slash)) {
            return false;
        }
        try {
            int bits = Integer.parseInt(text.substring(slash + 1));
            return bits >= 0 && bits <= (text.indexOf(':') >= 0 ? 128 : 32);
        } catch (NumberFormatException e) {
            return false;
        }
    }
}
