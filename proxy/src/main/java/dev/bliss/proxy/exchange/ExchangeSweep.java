package dev.bliss.proxy.exchange;

/**
 * Origin silence and client body stalls, checked once per tick for the whole loop instead of a
 * timer per request: the legs waiting for or bound to an origin connection sit in an intrusive
 * list (no node objects), each with the time the origin last got or gave a byte (or the leg began
 * waiting for a connection) and the time the client last gave a body chunk; the tick answers 408
 * for those whose client stopped sending its body for longer than the body timeout (checked
 * first: the origin is silent because it waits for that body), 504 for those whose origin is
 * silent longer than the response timeout (a wait for a connection of an exhausted pool counts),
 * and closes origin connections idle past their keep-alive.
 *
 * <p>A leg whose origin stops reading the body times out too: the client is paused by
 * back-pressure, so no byte reaches the origin and the clock runs. Its client is not to blame
 * then: while the proxy is not reading the client, its body clock is held at the tick's time.
 *
 * <p>One per event loop; its loop only.
 */
final class ExchangeSweep {

    private final long timeoutNanos;
    private final long bodyTimeoutNanos;
    private OriginLeg head;

    /**
     * @param timeoutNanos     timeouts.response
     * @param bodyTimeoutNanos timeouts.client_body
     */
    ExchangeSweep(long timeoutNanos, long bodyTimeoutNanos) {
        this.timeoutNanos = timeoutNanos;
        this.bodyTimeoutNanos = bodyTimeoutNanos;
    }

    /**
     * How often to tick: fine enough that the shortest of these and {@code otherNanos} fires
     * within a tenth of itself, within [10 ms, 1 s].
     */
    long tickNanos(long otherNanos) {
        long shortest = Math.min(otherNanos, Math.min(timeoutNanos, bodyTimeoutNanos));
        return Math.clamp(shortest / 10, 10_000_000L, 1_000_000_000L);
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

    /** Times out the silent legs and the stalled uploads; returns how many. */
    int tick(long nowNanos) {
        int timedOut = 0;
        OriginLeg leg = head;
        while (leg != null) {
            OriginLeg next = leg.nextWaiting;
            if (leg.awaitsClientBody()) {
                if (!leg.exchange().client.isReading()) {
                    leg.lastClientNanos = nowNanos; // paused by the proxy: the client cannot be late
                } else if (nowNanos - leg.lastClientNanos > bodyTimeoutNanos) {
                    remove(leg);
                    leg.clientBodyTimedOut();
                    timedOut++;
                    leg = next;
                    continue;
                }
            }
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
