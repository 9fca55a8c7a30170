package dev.bliss.app;

import java.lang.System.Logger.Level;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.atomic.AtomicBoolean;
import sun.misc.Signal;
import sun.misc.SignalHandler;

/**
 * The signals a long-running bliss process answers, as nginx and Caddy do:
 *
 * <pre>
 *   SIGHUP           reload (what can change at run time; the rest is named in the log)
 *   SIGUSR1          reopen the log files (logrotate's postrotate)
 *   SIGTERM, SIGINT  drain: stop accepting, let in-flight requests finish, then exit 0
 *   a second one     during the drain: exit at once (128 + the signal's number)
 * </pre>
 *
 * A command installs the handlers first, before it reads its configuration, and hands over the
 * actions once it runs: a SIGHUP during the start is logged and ignored (the JVM's own handling
 * would end the process), a SIGTERM during the start exits at once. The JVM's SIGTERM/SIGINT
 * handling (shutdown hooks, exit 143) is replaced, so the drain runs while logging still works and
 * a second signal is not swallowed by a shutdown in progress. Handlers run on the JVM's signal
 * thread and only hand work to other threads.
 *
 * <p>A process started with SIGHUP ignored ({@code nohup bliss run}, or any parent that ignores
 * it: the disposition is inherited) cannot have it: the JVM installs no handler for a SIGHUP that
 * was ignored at its start, so the signal would do nothing, silently. bliss says so when it hands
 * over the reload, and names the other way to reload (the admin's {@code POST /reload}).
 */
public final class ProcessSignals {

    private static final System.Logger LOG = System.getLogger("dev.bliss.app");

    private final CountDownLatch drained = new CountDownLatch(1);
    private final AtomicBoolean stopping = new AtomicBoolean();
    // set once the command runs; volatile: read on the JVM's signal thread
    private volatile Runnable reload;
    private volatile Runnable reopenLogs;
    private volatile Runnable drain;
    /** Whether SIGHUP was ignored when the JVM started, so that it installed no handler for it. */
    private boolean hangupIgnored;

    private ProcessSignals() {
    }

    /** Installs the handlers, with no actions yet. */
    public static ProcessSignals install() {
        ProcessSignals signals = new ProcessSignals();
        signals.hangupIgnored = Signal.handle(new Signal("HUP"), s -> signals.run(s, "reload", signals.reload)) == SignalHandler.SIG_IGN;
        Signal.handle(new Signal("USR1"), s -> signals.run(s, "log-reopen", signals.reopenLogs));
        Signal.handle(new Signal("TERM"), signals::stop);
        Signal.handle(new Signal("INT"), signals::stop);
        return signals;
    }

    /** What SIGHUP does from now on (on a thread of its own). */
    public ProcessSignals onReload(Runnable action) {
        this.reload = action;
        if (hangupIgnored) {
            LOG.log(Level.WARNING, "SIGHUP is ignored in this process (inherited from its parent, e.g. nohup), so the JVM"
                    + " cannot handle it and SIGHUP will not reload bliss: reload with POST /reload on the admin port,"
                    + " or start bliss without ignoring SIGHUP");
        }
        return this;
    }


    /** What SIGUSR1 does from now on (on a thread of its own). */
    public ProcessSignals onReopenLogs(Runnable action) {
        this.reopenLogs = action;
        return this;
    }

    /** What the first SIGTERM or SIGINT does from now on (on a thread of its own). */
    public ProcessSignals onStop(Runnable action) {
        this.drain = action;
        return this;
    }

    /** Blocks until the drain that a SIGTERM or SIGINT started has finished. */
    public void awaitDrained() throws InterruptedException {
        drained.await();
    }

    private void run(Signal signal, String what, Runnable action) {
        if (action == null) {
            LOG.log(Level.WARNING, "SIG" + signal.getName() + " ignored: nothing to " + what + " (yet)");
            return;
        }
        Thread.ofPlatform().name("bliss-" + what).start(action);
    }

    private void stop(Signal signal) {
        Runnable action = drain;
        if (!stopping.compareAndSet(false, true) || action == null) {
            System.err.println("bliss: SIG" + signal.getName() + (action == null ? " while starting" : " again during the drain")
                    + ": exiting now");
            Runtime.getRuntime().halt(128 + signal.getNumber());
        }
        Thread.ofPlatform().name("bliss-drain").start(() -> {
            try {
                action.run();
            } finally {
                drained.countDown();
            }
        });
    }
}
