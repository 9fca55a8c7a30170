package dev.bliss.proxy.rules;

import dev.bliss.firewall.Firewall;
import java.time.Duration;
import java.util.concurrent.atomic.AtomicBoolean;

/**
 * Runs {@link Firewall#warmUp} once per process on a daemon thread, so that the proxy serves at
 * once while the firewall's vector code compiles, and the event loops do not allocate for it
 * through their first few hundred thousand evaluations. A reload needs no new warm-up: rule sets
 * share the compiled code.
 */
public final class FirewallWarmUp {

    private static final System.Logger LOG = System.getLogger("dev.bliss.proxy.rules");
    private static final Duration BUDGET = Duration.ofSeconds(10);
    private static final AtomicBoolean STARTED = new AtomicBoolean();

    private FirewallWarmUp() {
    }

    public static void startOnce() {
        if (!STARTED.compareAndSet(false, true)) {
            return;
        }
        Thread.ofPlatform().daemon().name("bliss-firewall-warm-up").start(() -> {
            long start = System.nanoTime();
            boolean compiled = Firewall.warmUp(BUDGET);
            long millis = (System.nanoTime() - start) / 1_000_000;
            if (compiled) {
                LOG.log(System.Logger.Level.DEBUG, "firewall vector code compiled after " + millis + " ms of warm-up");
            } else {
                LOG.log(System.Logger.Level.WARNING, "firewall vector code still allocating after " + millis
                        + " ms of warm-up; the first requests' rule evaluations allocate until it compiles");
            }
        });
    }
}
