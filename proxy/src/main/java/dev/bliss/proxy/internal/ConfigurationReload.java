package dev.bliss.proxy.internal;

import dev.bliss.firewall.RuleSet;
import dev.bliss.firewall.RulesException;
import dev.bliss.plugin.config.ConfigException;
import dev.bliss.plugin.config.Position;
import dev.bliss.proxy.ReloadOutcome;
import dev.bliss.proxy.config.ProxyConfigSource;
import dev.bliss.proxy.config.ListenerOptions;
import dev.bliss.proxy.config.ProxyOptions;
import dev.bliss.proxy.config.TlsOptions;
import dev.bliss.proxy.listener.HttpListener;
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
 *          ─► every TLS listener's certificates read and their contexts built
 *  plugins: each DetectorFactory.reload() (models, ...), each all or nothing on its own
 *  apply:  one volatile store of the RoutingState, one of the rule set, one per TLS listener
 * </pre>
 *
 * A failure in any check or plugin leaves the proxy's own state (routes, upstreams, trusted
 * proxies, rules, TLS certificates) as it was; a plugin that reloaded before another one failed
 * keeps its new files. What cannot change without a restart (listener addresses, TLS on or off,
 * PROXY protocol, event loops, transport, limits,
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
    /** When the configuration in force was read: the start, then each applied reload. */
    private volatile long lastSuccessMillis = System.currentTimeMillis();

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

    long lastSuccessMillis() {
        return lastSuccessMillis;
    }

    /** @param listeners the bound listeners, in configuration order (their TLS certificates reload) */
    synchronized ReloadOutcome run(List<HttpListener> listeners) {
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
            List<Runnable> certificates = prepareCertificates(listeners, next);
            for (DetectorStage stage : shared.pipeline().stages()) {
                String plugin = "plugin " + stage.name() + ": " + stage.factory().reload();
                pluginsReloaded.add(plugin);
                done.add(plugin);
            }
            shared.apply(routing);
            certificates.forEach(Runnable::run);
            if (!certificates.isEmpty()) {
                done.add("certificates of " + certificates.size() + " TLS listeners");
            }
            if (rules != null) {
                shared.rules().install(rules);
                done.add(rules.rules().size() + " rules");
            }
            applied.incrementAndGet();
            lastSuccessMillis = System.currentTimeMillis();
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

    /**
     * Every TLS listener's certificates read again (a renewed file at the same path, or the paths
     * the new configuration gives) and checked, not yet in force. A listener whose TLS the new
     * configuration drops or cannot match (listeners changed: a restart applies that) rereads the
     * files it was started with.
     */
    private List<Runnable> prepareCertificates(List<HttpListener> listeners, ProxyOptions next) {
        List<Runnable> prepared = new ArrayList<>();
        List<ListenerOptions> started = shared.options().listeners();
        for (int i = 0; i < listeners.size(); i++) {
            if (listeners.get(i).tls()) {
                ListenerOptions wanted = i < next.listeners().size() ? next.listeners().get(i) : null;
                TlsOptions tls = wanted != null && wanted.tls() != null && sameSocket(wanted, started.get(i))
                        ? wanted.tls() : started.get(i).tls();
                prepared.add(listeners.get(i).prepareTls(tls));
            }
        }
        return prepared;
    }

    private static boolean sameSocket(ListenerOptions a, ListenerOptions b) {
        return a.host().equals(b.host()) && a.port() == b.port();
    }

    /** The settings bound at start (sockets, loops, per-loop state) that differ between {@code a} and {@code b}. */
    static List<String> needsRestart(ProxyOptions a, ProxyOptions b) {
        List<String> changed = new ArrayList<>();
        // a listener's certificates reload; its address, TLS on or off and PROXY protocol do not
        check(changed, "listeners", bound(a.listeners()), bound(b.listeners()));
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

    private static List<String> bound(List<ListenerOptions> listeners) {
        return listeners.stream().map(l -> l.host() + ':' + l.port() + (l.tls() != null ? " tls" : "") + ' ' + l.proxyProtocol()).toList();
    }

    private static void check(List<String> changed, String what, Object a, Object b) {
        if (!Objects.equals(a, b)) {
            changed.add(what);
        }
    }
}
