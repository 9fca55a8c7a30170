package dev.bliss.proxy.forward;

import java.util.concurrent.ThreadLocalRandom;
import java.util.concurrent.atomic.AtomicInteger;

/**
 * Request ids: believed from a trusted proxy in front, else made here, one per request.
 *
 * <p>A made id is {@code pppppppp-llll-cccccccccccc}, 26 lowercase hex characters and dashes:
 * <pre>
 *   pppppppp      a random number drawn once per process, so two proxies (or two runs) differ
 *   llll          the event loop's index within the process
 *   cccccccccccc  that loop's request counter (2^48 requests before it wraps)
 * </pre>
 * Made by each loop's {@link Generator} into a buffer that the request's pooled context owns, so
 * steady state allocates nothing and loops never contend.
 *
 * <p>An id from a trusted proxy's header is kept as it came when it is 1 to
 * {@link #MAX_LENGTH} visible ASCII characters (no spaces, no controls): anything else could break
 * the logs it is written to, and the proxy makes its own instead. From an untrusted peer the header
 * is never believed, and the origin receives the proxy's id in its place.
 *
 * <p>Thread-safe; a {@link Generator} belongs to one event loop.
 */
public final class RequestIds {

    /** The header the id is read from (trusted peers) and sent to the origin in, by default. */
    public static final String DEFAULT_HEADER = "x-request-id";
    /** The longest id believed from a trusted proxy. */
    public static final int MAX_LENGTH = 128;

    private final String header;
    private final int processPrefix;
    private final AtomicInteger loops = new AtomicInteger();

    /** @param header the header name, lower case */
    public RequestIds(String header) {
        this.header = header;
        this.processPrefix = ThreadLocalRandom.current().nextInt();
    }

    public String header() {
        return header;
    }

    /** Whether an id from a trusted proxy may be used as it is. */
    public static boolean acceptable(CharSequence id) {
        int n = id.length();
        if (n == 0 || n > MAX_LENGTH) {
            return false;
        }
        for (int i = 0; i < n; i++) {
            char c = id.charAt(i);
            if (c < 0x21 || c > 0x7E) {
                return false;
            }
        }
        return true;
    }

    /** A generator for one event loop, with the next loop index. */
    public Generator newGenerator() {
        return new Generator(processPrefix, loops.getAndIncrement());
    }

    /** Makes one event loop's ids; not thread-safe. */
    public static final class Generator {

        private final int processPrefix;
        private final int loop;
        private long counter;

        Generator(int processPrefix, int loop) {
            this.processPrefix = processPrefix;
            this.loop = loop;
        }

        /** Writes the next id into {@code into} and returns it. Allocation-free. */
        public RequestIdBuffer next(RequestIdBuffer into) {
            into.write(processPrefix, loop, ++counter);
            return into;
        }
    }
}
