package dev.bliss.proxy.internal;

import dev.bliss.firewall.RuleSet;
import dev.bliss.firewall.RulesException;
import dev.bliss.plugin.config.ConfigException;
import dev.bliss.plugin.config.Position;
import dev.bliss.proxy.ReloadOutcome;
import dev.bliss.proxy.config.ProxyConfigSource;
import dev.bliss.proxy.config.ProxyOptions;
import dev.bliss.proxy.forward.ForwardedHeaders;
import dev.bliss.proxy.forward.TrustedProxies;
import dev.bliss.proxy.pipeline.DetectorStage;
import dev.bliss.proxy.routing.RouteTable;
import java.lang.System.Logger.Level;
import java.util.ArrayList;
import java.util.List;
import java.util.Objects;
import java.util.concurrent.atomic.AtomicLong;

/**
 * SIGHUP and {@code POST /reload}: everything that can change while the proxy runs, read again,
 * checked whole, then put in force.
 *
 * <pre>
 *  check:  bliss.yaml again (its source) ─► routes and upstreams ─► trusted proxies ─► rules compiled
 *  plugins: each DetectorFactory.reload() (models, ...), each all or nothing on its own
 *  apply:  one volatile store of the RoutingState, one of the rule set
 * </pre>
 *
 * A failure in any check or plugin leaves the proxy's own state (routes, upstreams, trusted
 * proxies, rules) as it was; a plugin that reloaded before another one failed keeps its new
 * files. What cannot change without a restart (listeners, event loops, transport, limits,
 * timeouts, admin, access log, plugin sections) is named in the outcome and the log when it
 * differs, and the rest is reloaded anyway.
 *
 * <p>Blocking; runs on a worker thread, one reload at a time.
 */
final class ConfigurationReload {

    private static final System.Logger LOG = System.getLogger("dev.bliss.proxy.reload");

    private final ProxyShared shared;
    private final ProxyConfigSource source;
    private final boolean demo;
    private final AtomicLong applied = new AtomicLong();
    private final AtomicLong failed = new AtomicLong();

    /**
     * @param source where bliss.yaml is read again, or null: only rules and plugin files reload
     * @param demo   whether the built-in demo origin serves (no routes configured)
     */
    ConfigurationReload(ProxyShared shared, ProxyConfigSource source, boolean demo) {
        this.shared = shared;
        this.source = source;
        this.demo = demo;
    }

    long applied() {
        return applied.get();
    }

    long failed() {
        return failed.get();
    }

    synchronized ReloadOutcome run() {
        List<String> done = new ArrayList<>();
        List<String> pluginsReloaded = new ArrayList<>(); // in force as soon as each returns
        try {
            ProxyOptions next = source == null ? shared.options() : source.read();
            // against what the process started with: until a restart, every reload says so again
            List<String> restart = needsRestart(shared.options(), next);
            RoutingState routing = shared.routing();
            if (source != null) {
                RouteTable routes = routing.routes();
                if (!demo && !next.routes().isEmpty()) {
                    routes = RouteTable.of(next, routes);
                    done.add(next.routes().size() + " routes, " + next.upstreams().size() + " upstreams");
                }
                routing = new RoutingState(routes, new ForwardedHeaders(new TrustedProxies(next.trustedProxies())));
                done.add(next.trustedProxies().size() + " trusted proxies");
            }
            RuleSet rules = null;
            if (shared.rules() != null) {
                try {
                    rules = shared.rules().compile();
                } catch (RulesException e) {
                    throw new ConfigException(Position.builtIn(shared.rules().file().toString()), "rules",
                            "\n" + e.getMessage());
                }
            }
            for (DetectorStage stage : shared.pipeline().stages()) {
                String plugin = "plugin " + stage.name() + ": " + stage.factory().reload();
                pluginsReloaded.add(plugin);
                done.add(plugin);
            }
            shared.apply(routing);
            if (rules != null) {
                shared.rules().install(rules);
                done.add(rules.rules().size() + " rules");
            }
            applied.incrementAndGet();
            String summary = "reloaded: " + String.join("; ", done);
            if (!restart.isEmpty()) {
                summary += "\nchanged in the configuration but only a restart applies it: " + String.join(", ", restart);
            }
            LOG.log(Level.INFO, summary);
            return new ReloadOutcome(true, summary);
        } catch (ConfigException | RuntimeException e) {
            failed.incrementAndGet();
            String summary = "reload rejected, the configuration in force stays"
                    + (pluginsReloaded.isEmpty() ? "" : " (but already reloaded: " + String.join("; ", pluginsReloaded) + ")")
                    + ":\n" + e.getMessage();
            LOG.log(Level.WARNING, summary);
            return new ReloadOutcome(false, summary);
        }
    }

    /** The settings bound at start (sockets, loops, per-loop state) that differ between {@code a} and {@code b}. */
    static List<String> needsRestart(ProxyOptions a, ProxyOptions b) {
        List<String> changed = new ArrayList<>();
        check(changed, "listeners", a.listeners(), b.listeners());
        check(changed, "proxy.event_loops", a.eventLoops(), b.eventLoops());
        check(changed, "proxy.transport", a.transport(), b.transport());
        check(changed, "admin", a.admin(), b.admin());
        check(changed, "limits", a.limits(), b.limits());
        check(changed, "requests", a.requests(), b.requests());
        check(changed, "timeouts", a.timeouts(), b.timeouts());
        check(changed, "request_id_header", a.requestIdHeader(), b.requestIdHeader());
        check(changed, "access_log", a.accessLog(), b.accessLog());
        check(changed, "rules (the file's path; its contents reload)", a.rulesFile(), b.rulesFile());
        check(changed, "plugins_directory", a.pluginsDirectory(), b.pluginsDirectory());
        check(changed, "plugins (the list; their files reload)", a.plugins().stream().map(p -> p.name() + ':' + p.type()).toList(),
                b.plugins().stream().map(p -> p.name() + ':' + p.type()).toList());
        check(changed, "routes (the built-in demo origin serves until a restart)", a.routes().isEmpty(), b.routes().isEmpty());
        return changed;
    }

    private static void check(List<String> changed, String what, Object a, Object b) {
        if (!Objects.equals(a, b)) {
            changed.add(what);
        }
    }
}
