package dev.bliss.app;

import java.lang.System.Logger.Level;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.atomic.AtomicBoolean;
import sun.misc.Signal;

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
 * The JVM's own SIGTERM/SIGINT handling (shutdown hooks, exit 143) is replaced, so the drain runs
 * while logging still works and a second signal is not swallowed by a shutdown in progress.
 * Handlers run on the JVM's signal thread and only hand work to other threads.
 */
public final class ProcessSignals {

    private static final System.Logger LOG = System.getLogger("dev.bliss.app");

    private final CountDownLatch drained = new CountDownLatch(1);
    private final AtomicBoolean draining = new AtomicBoolean();

    private ProcessSignals() {
    }

    /**
     * Installs the handlers.
     *
     * @param reload     what SIGHUP does, or null (then SIGHUP is logged and ignored)
     * @param reopenLogs what SIGUSR1 does, or null (logged and ignored)
     * @param drain      what the first SIGTERM or SIGINT does, on a thread of its own
     */
    public static ProcessSignals install(Runnable reload, Runnable reopenLogs, Runnable drain) {
        ProcessSignals signals = new ProcessSignals();
        Signal.handle(new Signal("HUP"), s -> signals.run("reload", reload));
        Signal.handle(new Signal("USR1"), s -> signals.run("log reopen", reopenLogs));
        Signal.handle(new Signal("TERM"), s -> signals.stop(s, drain));
        Signal.handle(new Signal("INT"), s -> signals.stop(s, drain));
        return signals;
    }

    /** Blocks until the drain that a SIGTERM or SIGINT started has finished. */
    public void awaitDrained() throws InterruptedException {
        drained.await();
    }

    private void run(String what, Runnable action) {
        if (action == null) {
            LOG.log(Level.INFO, "signal ignored: this command has no " + what);
            return;
        }
        Thread.ofPlatform().name("bliss-" + what.replace(' ', '-')).start(action);
    }

    private void stop(Signal signal, Runnable drain) {
        if (!draining.compareAndSet(false, true)) {
            System.err.println("bliss: second SIG" + signal.getName() + " during the drain: exiting now");
            Runtime.getRuntime().halt(128 + signal.getNumber());
        }
        Thread.ofPlatform().name("bliss-drain").start(() -> {
            try {
                drain.run();
            } finally {
                drained.countDown();
            }
        });
    }
}
