package dev.bliss.proxy.rules;

import dev.bliss.firewall.RuleSet;
import dev.bliss.firewall.RulesException;
import dev.bliss.plugin.field.FieldScheme;
import java.nio.file.Path;
import java.util.concurrent.atomic.AtomicLong;

/**
 * The rule set in force, replaced whole by a reload. A reload compiles the file against the
 * pipeline's field scheme on the calling thread (never an event loop); only a rule set that
 * compiled completely is published, with one volatile store, so an invalid file changes nothing.
 * Event loops notice the new set through one volatile load per request.
 */
public final class RuleSetHolder {

    private static final System.Logger LOG = System.getLogger("dev.bliss.proxy.rules");

    private final Path file;
    private final FieldScheme scheme;
    private final AtomicLong reloads = new AtomicLong();
    private final AtomicLong failedReloads = new AtomicLong();
    private final java.util.List<java.util.function.Consumer<RuleSet>> listeners = new java.util.concurrent.CopyOnWriteArrayList<>();
    private volatile RuleSet current;
    private volatile String lastError;
    private volatile long lastSuccessMillis = System.currentTimeMillis();

    private RuleSetHolder(Path file, FieldScheme scheme, RuleSet initial) {
        this.file = file;
        this.scheme = scheme;
        this.current = initial;
    }

    /** Compiles the file at startup; an invalid file fails startup. */
    public static RuleSetHolder load(Path file, FieldScheme scheme) throws RulesException {
        RuleSet initial = RuleSet.load(file, scheme);
        LOG.log(System.Logger.Level.INFO, "rules loaded from " + file + ": " + initial.rules().size() + " rules in force");
        return new RuleSetHolder(file, scheme, initial);
    }

    /** The rule set in force; event loops call this per request. */
    public RuleSet current() {
        return current;
    }

    public Path file() {
        return file;
    }

    /**
     * Recompiles the file and, if it is valid, puts it in force. Blocking; call off the event loop.
     *
     * @return the new rule set
     * @throws RulesException when the file is invalid; the rules in force stay
     */
    public synchronized RuleSet reload() throws RulesException {
        try {
            RuleSet next = compile();
            install(next);
            return next;
        } catch (RulesException e) {
            failedReloads.incrementAndGet();
            lastError = e.getMessage();
            LOG.log(System.Logger.Level.WARNING, "rules in " + file + " rejected, the previous rules stay in effect:\n" + e.getMessage());
            throw e;
        }
    }

    /**
     * Compiles the file without putting it in force: the first half of a reload that must check
     * everything (SIGHUP: routes, rules, plugins) before it changes anything. Blocking.
     */
    public RuleSet compile() throws RulesException {
        return RuleSet.load(file, scheme);
    }

    /** Puts a rule set made by {@link #compile()} in force; the second half of such a reload. */
    public synchronized void install(RuleSet next) {
        current = next;
        lastError = null;
        lastSuccessMillis = System.currentTimeMillis();
        reloads.incrementAndGet();
        listeners.forEach(l -> l.accept(next));
        LOG.log(System.Logger.Level.INFO, "rules reloaded from " + file + ": " + next.rules().size() + " rules in force");
    }

    /** Called with every rule set put in force by a reload, on the reloading thread. */
    public void onReload(java.util.function.Consumer<RuleSet> listener) {
        listeners.add(listener);
    }

    public long reloads() {
        return reloads.get();
    }

    public long failedReloads() {
        return failedReloads.get();
    }

    /** When the rules in force were compiled (start or last successful reload), Unix milliseconds. */
    public long lastSuccessMillis() {
        return lastSuccessMillis;
    }

    /** The error of the last failed reload, or null when the last reload succeeded. */
    public String lastError() {
        return lastError;
    }
}
