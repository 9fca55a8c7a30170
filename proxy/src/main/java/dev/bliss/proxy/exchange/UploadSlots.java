package dev.bliss.proxy.exchange;

import dev.bliss.proxy.metrics.LoopCounters;
import dev.bliss.proxy.metrics.ClientConnectionMeters;

/**
 * The cap on origin connections held by uploads on one event loop. A request whose body is still
 * arriving holds its origin connection for as long as the client takes, and a client can take a
 * very long time without ever pausing past the body timeout (a byte every few seconds); a few
 * hundred such clients would hold every connection of every pool and starve everyone else. So
 * such a request takes a slot before it asks a pool for a connection and gives it back when its
 * last body byte has gone to the origin (or the exchange ends); with every slot taken, the next
 * upload is answered 503 at once and the remaining connections stay with the other requests.
 *
 * <p>Why a cap rather than buffering bodies before connecting (nginx's proxy_request_buffering):
 * buffering moves the cost from origin connections to memory, and memory per slow client is
 * exactly what a slowloris spends nothing on; it would need a budget of its own (and a spool to
 * disk for large bodies) to stay bounded, while a cap bounds the harm with one counter and keeps
 * streaming uploads streaming. A request whose body came whole with its head takes no slot.
 *
 * <p>One per event loop; its loop only. Counted in {@code bliss_uploads_*}.
 */
final class UploadSlots {

    private final int max;
    private final LoopCounters counters;
    private int taken;

    /** @param max slots, or 0 for no cap (the uploads are still counted) */
    UploadSlots(int max, LoopCounters counters) {
        this.max = max;
        this.counters = counters;
    }

    /** Takes a slot; false (and counted as refused) when all are taken. */
    boolean tryTake() {
        if (max > 0 && taken >= max) {
            counters.add(ClientConnectionMeters.UPLOADS_REFUSED, 1);
            return false;
        }
        taken++;
        counters.add(ClientConnectionMeters.UPLOADS_TAKEN, 1);
        return true;
    }

    void give() {
        taken--;
        counters.add(ClientConnectionMeters.UPLOADS_DONE, 1);
    }

    int taken() {
        return taken;
    }
}
