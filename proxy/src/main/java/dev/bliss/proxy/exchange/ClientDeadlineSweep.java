package dev.bliss.proxy.exchange;

import dev.bliss.proxy.metrics.LoopCounters;
import dev.bliss.proxy.metrics.ClientConnectionMeters;

/**
 * The client connections of one loop that owe the proxy a request head, checked once per tick of
 * the loop's sweep rather than with a timer per connection: an intrusive list of
 * {@link ClientDeadline}s (no node objects), each with its deadline. Connections busy with
 * exchanges are not in it, so a tick costs in proportion to the idle and half-sent ones.
 *
 * <p>One per event loop; its loop only.
 */
final class ClientDeadlineSweep {

    private final SlowClientLimits limits;
    private final LoopCounters counters;
    private ClientDeadline head;

    ClientDeadlineSweep(SlowClientLimits limits, LoopCounters counters) {
        this.limits = limits;
        this.counters = counters;
    }

    SlowClientLimits limits() {
        return limits;
    }

    /** Lists {@code d} with {@code deadlineNanos}, or moves its deadline when it is listed. */
    void add(ClientDeadline d, long deadlineNanos) {
        d.deadlineNanos = deadlineNanos;
        if (d.listed) {
            return;
        }
        d.listed = true;
        d.previous = null;
        d.next = head;
        if (head != null) {
            head.previous = d;
        }
        head = d;
    }

    void remove(ClientDeadline d) {
        if (!d.listed) {
            return;
        }
        d.listed = false;
        ClientDeadline p = d.previous;
        ClientDeadline n = d.next;
        if (p == null) {
            head = n;
        } else {
            p.next = n;
        }
        if (n != null) {
            n.previous = p;
        }
        d.previous = null;
        d.next = null;
    }

    /** Closes the connections past their deadline; returns how many. */
    int tick(long nowNanos) {
        int closed = 0;
        ClientDeadline d = head;
        while (d != null) {
            ClientDeadline next = d.next;
            if (nowNanos - d.deadlineNanos > 0) {
                remove(d);
                counters.add(d.phase() == ClientDeadline.IDLE ? ClientConnectionMeters.KEEP_ALIVE_TIMEOUTS
                        : ClientConnectionMeters.HEADER_TIMEOUTS, 1);
                d.expired();
                closed++;
            }
            d = next;
        }
        return closed;
    }
}
