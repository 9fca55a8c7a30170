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
 * secrets replaced by {@code "<redacted>"} (TLS key paths, and plugin keys whose names say
 * secret, password, token or key).
 */
public final class EffectiveConfig {

    private static final String REDACTED = "<redacted>";

    private EffectiveConfig() {
    }

    public static JsonObject of(ProxyOptions o, String transport, int eventLoops) {
        JsonObject json = new JsonObject()
                .put("source", o.source() == null ? null : o.source().toString())
                .put("proxy", new JsonObject().put("event_loops", eventLoops).put("transport", transport));
        JsonArray listeners = new JsonArray();
        for (ListenerOptions l : o.listeners()) {
            JsonObject j = new JsonObject().put("host", l.host()).put("port", l.port());
            if (l.tls() != null) {
                j.put("tls", new JsonObject().put("certificate", l.tls().certificate().toString()).put("key", REDACTED));
            }
            listeners.add(j);
        }
        json.put("listeners", listeners);
        json.put("trusted_proxies", new JsonArray(o.trustedProxies()));
        json.put("request_id_header", o.requestIdHeader());
        json.put("limits", new JsonObject().put("max_header_size", o.limits().maxHeaderSize()).put("max_body_size", o.limits().maxBodySize()));
        json.put("requests", new JsonObject().put("origin_path", o.requests().originPath().name().toLowerCase(java.util.Locale.ROOT))
                .put("allow_trace", o.requests().allowTrace()).put("underscores_in_headers", o.requests().underscoresInHeaders()));
        json.put("timeouts", new JsonObject().put("connect", o.timeouts().connect().toString())
                .put("response", o.timeouts().response().toString()).put("shutdown", o.timeouts().shutdown().toString()));
        JsonObject upstreams = new JsonObject();
        for (UpstreamOptions u : o.upstreams().values()) {
            JsonArray origins = new JsonArray();
            u.origins().forEach(a -> origins.add(a.toString()));
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
                    .put("config", section(p.config())));
        }
        json.put("plugins", plugins);
        return json;
    }

    private static JsonObject section(ConfigSection s) {
        JsonObject j = new JsonObject();
        for (String key : s.keys()) {
            String lower = key.toLowerCase(java.util.Locale.ROOT);
            if (lower.contains("secret") || lower.contains("password") || lower.contains("token") || lower.endsWith("key")) {
                j.put(key, REDACTED);
                continue;
            }
            j.put(key, render(s.node(key)));
        }
        return j;
    }

    private static Object render(dev.bliss.plugin.config.ConfigNode node) {
        return switch (node) {
            case dev.bliss.plugin.config.ConfigNode.Scalar sc -> sc.text();
            case dev.bliss.plugin.config.ConfigNode.Sequence seq -> {
                JsonArray a = new JsonArray();
                seq.items().forEach(i -> a.add(render(i)));
                yield a;
            }
            case dev.bliss.plugin.config.ConfigNode.Mapping m -> section(new ConfigSection(m, ""));
        };
    }
}
