package dev.bliss.proxy.exchange;

/**
 * Origin silence, checked once per tick for the whole loop instead of a timer per request: the
 * legs waiting on their origin sit in an intrusive list (no node objects), each with the time the
 * origin last got or gave a byte; the tick answers 504 for those silent longer than the response
 * timeout, and closes origin connections idle past their keep-alive.
 *
 * <p>A leg whose origin stops reading the body times out too: the client is paused by
 * back-pressure, so no byte reaches the origin and the clock runs.
 *
 * <p>One per event loop; its loop only.
 */
final class ExchangeSweep {

    private final long timeoutNanos;
    private OriginLeg head;

    ExchangeSweep(long timeoutNanos) {
        this.timeoutNanos = timeoutNanos;
    }

    /** How often to tick: fine enough that a timeout fires within a tenth of itself, within [10 ms, 1 s]. */
    long tickNanos() {
        return Math.clamp(timeoutNanos / 10, 10_000_000L, 1_000_000_000L);
    }

    void add(OriginLeg leg) {
        if (leg.inSweep) {
            return;
        }
        leg.inSweep = true;
        leg.previousWaiting = null;
        leg.nextWaiting = head;
        if (head != null) {
            head.previousWaiting = leg;
        }
        head = leg;
    }

    void remove(OriginLeg leg) {
        if (!leg.inSweep) {
            return;
        }
        leg.inSweep = false;
        OriginLeg p = leg.previousWaiting;
        OriginLeg n = leg.nextWaiting;
        if (p == null) {
            head = n;
        } else {
            p.nextWaiting = n;
        }
        if (n != null) {
            n.previousWaiting = p;
        }
        leg.previousWaiting = null;
        leg.nextWaiting = null;
    }

    /** Times out the silent legs; returns how many. */
    int tick(long nowNanos) {
        int timedOut = 0;
        OriginLeg leg = head;
        while (leg != null) {
            OriginLeg next = leg.nextWaiting;
            if (nowNanos - leg.lastActivityNanos > timeoutNanos) {
                remove(leg);
                leg.timedOut();
                timedOut++;
            }
            leg = next;
        }
        return timedOut;
    }
}
