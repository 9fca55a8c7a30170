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
                limitsSection.byteSize("max_body_size", 0L),
                limitsSection.integer("max_uploads_per_loop", LimitOptions.DEFAULT_MAX_UPLOADS_PER_LOOP, 0, 1_000_000));
        if (limits.maxBodySize() < 0) {
            throw limitsSection.error("max_body_size", "must be 0 (no limit) or positive");
        }
        limitsSection.requireNoUnknownKeys();

        ConfigSection t = root.section("timeouts");
        TimeoutOptions timeouts = new TimeoutOptions(
                positive(t, "connect", TimeoutOptions.DEFAULT_CONNECT),
                positive(t, "response", TimeoutOptions.DEFAULT_RESPONSE),
                positive(t, "shutdown", TimeoutOptions.DEFAULT_SHUTDOWN),
                positive(t, "client_header", TimeoutOptions.DEFAULT_CLIENT_HEADER),
                positive(t, "client_body", TimeoutOptions.DEFAULT_CLIENT_BODY),
                positive(t, "keepalive", TimeoutOptions.DEFAULT_KEEP_ALIVE));
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
        refuseSharedPort(admin, a, listeners, root.sections("listeners"));

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
        long maxFileSize = log.byteSize("max_file_size", AccessLogOptions.DEFAULT_MAX_FILE_SIZE);
        if (maxFileSize != 0 && maxFileSize < 64 << 10) {
            throw log.error("max_file_size", "must be 0 (no rotation: logrotate and SIGUSR1) or at least 64KB, got " + maxFileSize + " bytes");
        }
        int maxFiles = log.integer("max_files", AccessLogOptions.DEFAULT_MAX_FILES, 1, 1000);
        long queue = log.byteSize("queue_size", AccessLogOptions.DEFAULT_QUEUE_BYTES);
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
        java.util.List<String> allowedHosts = a.strings("allowed_hosts");
        a.requireNoUnknownKeys();
        if (enabled && token == null && !AdminOptions.isLoopback(host)) {
            throw a.error("host", "the admin server on " + host + " would be reachable from other machines: "
                    + "give it a bearer token with admin.token_file (a file of at least " + AdminToken.MIN_LENGTH
                    + " characters), or keep it on 127.0.0.1");
        }
        return new AdminOptions(enabled, host, port, token, allowedHosts);
    }

    /**
     * An admin port that is also a listener's port would fail the second bind at startup with a
     * bare "address in use", or, on different addresses of one machine, serve the admin server
     * where clients are expected: refused here, naming both keys.
     */
    private static void refuseSharedPort(AdminOptions admin, ConfigSection a, List<ListenerOptions> listeners,
                                         List<ConfigSection> sections) throws ConfigException {
        if (!admin.enabled() || admin.port() == 0) {
            return;
        }
        for (int i = 0; i < listeners.size(); i++) {
            if (listeners.get(i).port() == admin.port()) {
                ConfigSection l = sections.get(i);
                throw a.error("port", "admin.port " + admin.port() + " is also the port of " + l.keyPath("port")
                        + " (" + l.positionOf("port") + "); give the admin server a port of its own");
            }
        }
    }

    private static ListenerOptions listener(ConfigSection l, Path base) throws ConfigException {
        String host = l.string("host", "127.0.0.1");
        int port = l.integer("port", 8080, 0, 65535);
        TlsOptions tls = null;
        if (l.has("tls")) {
            ConfigSection t = l.section("tls");
            List<TlsOptions.Certificate> certificates = new ArrayList<>();
            if (t.has("certificate") || t.has("key") || !t.has("certificates")) {
                certificates.add(certificate(t, base, false)); // the default
            }
            for (ConfigSection c : t.sections("certificates")) {
                certificates.add(certificate(c, base, true));
                c.requireNoUnknownKeys();
            }
            t.requireNoUnknownKeys();
            tls = new TlsOptions(certificates);
        }
        ProxyProtocol proxyProtocol = ProxyProtocol.valueOf(l.oneOf("proxy_protocol", "off", "off", "v1", "v2").toUpperCase());
        l.requireNoUnknownKeys();
        return new ListenerOptions(host, port, tls, proxyProtocol);
    }

    /**
     * A certificate and key pair; its server names are the listed ones, else (for a pair chosen by
     * SNI) the certificate's own DNS names, read from the file here so that a wrong file is an
     * error with its line.
     */
    private static TlsOptions.Certificate certificate(ConfigSection c, Path base, boolean bySni) throws ConfigException {
        Path cert = base.resolve(c.requireString("certificate"));
        Path key = base.resolve(c.requireString("key"));
        if (!Files.isReadable(cert)) {
            throw c.error("certificate", "cannot read " + cert);
        }
        if (!Files.isReadable(key)) {
            throw c.error("key", "cannot read " + key);
        }
        List<String> names = new ArrayList<>();
        for (String name : c.strings("names")) {
            String n = name.trim().toLowerCase(java.util.Locale.ROOT);
            if (!ServerNames.isPattern(n)) {
                throw c.error("names", "not a server name: \"" + name + "\" (a DNS name, or *. and a DNS name)");
            }
            names.add(n);
        }
        if (bySni && names.isEmpty()) {
            try {
                names.addAll(ServerNames.of(cert));
            } catch (java.io.IOException | java.security.GeneralSecurityException e) {
                throw c.error("certificate", "cannot read a certificate from " + cert + ": " + e.getMessage());
            }
            if (names.isEmpty()) {
                throw c.error("names", cert + " names no DNS name (subject alternative names): list the server names it serves");
            }
        }
        return new TlsOptions.Certificate(cert, key, names);
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
