package dev.bliss.bot.events;

import dev.bliss.plugin.RequestView;

/**
 * When a request happened, for everything that measures time between requests: the request
 * event's timestamp (the feature service's windows), the age of the features read for it and the
 * detection log's arrival time.
 *
 * <p>Normally the proxy's clock at arrival. With an event-time header configured, a trusted peer
 * may say instead (decimal epoch milliseconds): the lab's simulator stamps each request with its
 * simulated client's own time, so hours of traffic run in minutes with rates true to life, and a
 * replay of a production log keeps its original times. A value that is absent, not a decimal
 * number, or from an untrusted peer is ignored, never an error: the clock decides then.
 *
 * <p>Stateless; allocation-free.
 */
public final class RequestClock {

    /** Longer than any epoch millisecond value until the year 33658; shorter than a long's overflow. */
    private static final int MAX_DIGITS = 15;

    private final String header;

    /** @param header the event-time header's name, or "" for the proxy's clock only */
    public RequestClock(String header) {
        this.header = header;
    }

    /** Whether a peer may set request times. */
    public boolean fromHeader() {
        return !header.isEmpty();
    }

    /** The request's time in epoch milliseconds. */
    public long millis(RequestView request) {
        if (!header.isEmpty() && request.fromTrustedProxy()) {
            long stamped = parse(request.header(header));
            if (stamped > 0) {
                return stamped;
            }
        }
        return System.currentTimeMillis() - (System.nanoTime() - request.receivedNanos()) / 1_000_000;
    }

    /** The decimal value of {@code text}, or -1 when it is not 1 to 15 ASCII digits. */
    static long parse(CharSequence text) {
        if (text == null || text.isEmpty() || text.length() > MAX_DIGITS) {
            return -1;
        }
        long value = 0;
        for (int i = 0; i < text.length(); i++) {
            char c = text.charAt(i);
            if (c < '0' || c > '9') {
                return -1;
            }
            value = value * 10 + (c - '0');
        }
        return value;
    }
}
