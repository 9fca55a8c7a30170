package dev.bliss.proxy.admin;

import dev.bliss.plugin.config.ConfigSection;
import dev.bliss.proxy.config.ListenerOptions;
import dev.bliss.proxy.config.PluginOptions;
import dev.bliss.proxy.config.ProxyOptions;
import dev.bliss.proxy.config.RouteOptions;
import dev.bliss.proxy.config.UpstreamOptions;
import io.vertx.core.json.JsonArray;
import io.vertx.core.json.JsonObject;

/**
 * The effective configuration as JSON for {@code GET /config}: every value after defaults, with
 * secrets replaced by {@code "<redacted>"}: TLS key paths, the admin token, plugin keys whose
 * names say they are secret or that their plugin declared secret, and the user information of
 * every URL ({@link SecretRedaction}).
 */
public final class EffectiveConfig {

    private static final String REDACTED = SecretRedaction.REDACTED;

    private EffectiveConfig() {
    }

    public static JsonObject of(ProxyOptions o, String transport, int eventLoops) {
        return of(o, transport, eventLoops, type -> java.util.Set.of());
    }

    /**
     * @param secretKeys by plugin type, the keys of its section its provider declared secret
     *                   ({@link dev.bliss.plugin.DetectorProvider#secretKeys()})
     */
    public static JsonObject of(ProxyOptions o, String transport, int eventLoops,
                                java.util.function.Function<String, java.util.Set<String>> secretKeys) {
        JsonObject json = new JsonObject()
                .put("source", o.source() == null ? null : o.source().toString())
                .put("proxy", new JsonObject().put("event_loops", eventLoops).put("transport", transport));
        JsonArray listeners = new JsonArray();
        for (ListenerOptions l : o.listeners()) {
            JsonObject j = new JsonObject().put("host", l.host()).put("port", l.port())
                    .put("proxy_protocol", l.proxyProtocol().name().toLowerCase(java.util.Locale.ROOT));
            if (l.tls() != null) {
                JsonArray bySni = new JsonArray();
                for (var c : l.tls().certificates().subList(1, l.tls().certificates().size())) {
                    bySni.add(new JsonObject().put("certificate", c.certificate().toString()).put("key", REDACTED)
                            .put("names", new JsonArray(c.names())));
                }
                j.put("tls", new JsonObject().put("certificate", l.tls().certificate().toString()).put("key", REDACTED)
                        .put("certificates", bySni));
            }
            listeners.add(j);
        }
        json.put("listeners", listeners);
        json.put("trusted_proxies", new JsonArray(o.trustedProxies()));
        json.put("request_id_header", o.requestIdHeader());
        json.put("limits", new JsonObject().put("max_header_size", o.limits().maxHeaderSize()).put("max_body_size", o.limits().maxBodySize())
                .put("max_uploads_per_loop", o.limits().maxUploadsPerLoop()));
        json.put("requests", new JsonObject().put("origin_path", o.requests().originPath().name().toLowerCase(java.util.Locale.ROOT))
                .put("allow_trace", o.requests().allowTrace()).put("underscores_in_headers", o.requests().underscoresInHeaders()));
        json.put("timeouts", new JsonObject().put("connect", o.timeouts().connect().toString())
                .put("response", o.timeouts().response().toString()).put("shutdown", o.timeouts().shutdown().toString())
                .put("client_header", o.timeouts().clientHeader().toString()).put("client_body", o.timeouts().clientBody().toString())
                .put("keepalive", o.timeouts().keepAlive().toString()));
        JsonObject upstreams = new JsonObject();
        for (UpstreamOptions u : o.upstreams().values()) {
            JsonArray origins = new JsonArray();
            u.origins().forEach(a -> origins.add(SecretRedaction.withoutUserInfo(a.toString())));
            upstreams.put(u.name(), new JsonObject().put("origins", origins).put("pool_size", u.poolSize())
                    .put("max_failures", u.maxFailures()).put("cooldown", u.cooldown().toString()));
        }
        json.put("upstreams", upstreams);
        JsonArray routes = new JsonArray();
        for (RouteOptions r : o.routes()) {
            routes.add(new JsonObject().put("name", r.name()).put("host", r.host()).put("path_prefix", r.pathPrefix()).put("upstream", r.upstream()));
        }
        json.put("routes", routes);
        json.put("admin", new JsonObject().put("host", o.admin().host()).put("port", o.admin().port())
                .put("token", o.admin().token() == null ? null : REDACTED));
        json.put("access_log", o.accessLog() == null ? null : o.accessLog().path().toString());
        json.put("rules", o.rulesFile() == null ? null : o.rulesFile().toString());
        JsonArray plugins = new JsonArray();
        for (PluginOptions p : o.plugins()) {
            plugins.add(new JsonObject().put("name", p.name()).put("type", p.type()).put("order", p.order())
                    .put("on_error", p.failClosed() ? "closed" : "open").put("async_budget", p.asyncBudget().toString())
                    .put("config", section(p.config(), "", secretKeys.apply(p.type()))));
        }
        json.put("plugins", plugins);
        return json;
    }

    private static JsonObject section(ConfigSection s, String path, java.util.Set<String> declared) {
        JsonObject j = new JsonObject();
        for (String key : s.keys()) {
            String keyPath = path.isEmpty() ? key : path + '.' + key;
            if (SecretRedaction.isSecretName(key) || declared.contains(keyPath)) {
                j.put(key, REDACTED);
                continue;
            }
            j.put(key, render(s.node(key), keyPath, declared));
        }
        return j;
    }

    private static Object render(dev.bliss.plugin.config.ConfigNode node, String path, java.util.Set<String> declared) {
        return switch (node) {
            case dev.bliss.plugin.config.ConfigNode.Scalar sc -> SecretRedaction.withoutUserInfo(sc.text());
            case dev.bliss.plugin.config.ConfigNode.Sequence seq -> {
                JsonArray a = new JsonArray();
                seq.items().forEach(i -> a.add(render(i, path, declared)));
                yield a;
            }
            case dev.bliss.plugin.config.ConfigNode.Mapping m -> section(new ConfigSection(m, ""), path, declared);
        };
    }
}
