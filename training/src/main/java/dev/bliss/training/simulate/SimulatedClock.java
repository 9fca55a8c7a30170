package dev.bliss.training.simulate;

import java.util.PriorityQueue;
import java.util.TreeMap;

/**
 * The simulation's own time, in epoch milliseconds: each actor lives on it (a person's nine
 * seconds of thought are nine simulated seconds), every request is stamped with it, and the proxy
 * and the feature service measure rates in it (bot management's {@code event_time_header}, the
 * feature service's {@code time: event}). So a run can go as fast as the machine answers, with
 * rates true to life.
 *
 * <pre>
 *   planned sends, by simulated time ──► due when at or before
 *        min(start + wall elapsed × scale,                 the speed limit
 *            earliest in-flight send + LOOKAHEAD_MILLIS)   a slow response holds the clock back
 * </pre>
 *
 * <p>A discrete-event clock with a bounded lookahead: an actor's next send is its last send, plus
 * the simulated response time, plus its pause, and that is its stamp, whatever the wall clock
 * did meanwhile; so an actor's stamps depend on the seed and the responses only, not on how fast
 * this machine is. Sends leave in simulated-time order, except that one planned after a response
 * can be up to the lookahead behind sends already released (the windows take such an event into
 * its bucket; the lookahead is what lets many actors be in flight at once). The scale caps the
 * speed, so the feature service's snapshots (published every interval of event time) keep up; a
 * slow target slows the simulated clock instead of compressing anyone's pauses.
 *
 * <p>Not thread-safe: the simulation's event loop only.
 */
final class SimulatedClock<T> {

    /** What a response takes in simulated time: a page over a real network, roughly. */
    static final long RESPONSE_MILLIS = 60;
    /** How far the clock may run ahead of the earliest request still waiting for its response. */
    static final long LOOKAHEAD_MILLIS = 5_000;

    private record Planned<T>(long at, long order, T what) {
    }

    private final long startMillis;
    private final long startNanos;
    private final double scale;
    private final PriorityQueue<Planned<T>> planned = new PriorityQueue<>((a, b) -> a.at != b.at
            ? Long.compare(a.at, b.at) : Long.compare(a.order, b.order));
    /** Send times of requests in flight, with how many were sent at each. */
    private final TreeMap<Long, Integer> inFlight = new TreeMap<>();
    private long order;
    private long now;

    SimulatedClock(long startMillis, long startNanos, double scale) {
        this.startMillis = startMillis;
        this.startNanos = startNanos;
        this.scale = scale;
        this.now = startMillis;
    }

    private long releasedAt;

    /** The time of the latest send released: where a new actor starts. */
    long now() {
        return now;
    }

    /** The speed limit's time at wall time {@code nanos}. */
    long limitAt(long nanos) {
        return startMillis + (long) ((nanos - startNanos) / 1e6 * scale);
    }

    void plan(long at, T what) {
        planned.add(new Planned<>(at, order++, what));
    }

    boolean hasPlanned() {
        return !planned.isEmpty();
    }

    /** Removes everything planned (a stopped run) and returns it. */
    java.util.List<T> clear() {
        java.util.List<T> all = new java.util.ArrayList<>(planned.size());
        for (Planned<T> p : planned) {
            all.add(p.what);
        }
        planned.clear();
        return all;
    }

    /**
     * The next send that is due at wall time {@code nanos}, or null; its time becomes now and it
     * counts as in flight until {@link #answered}.
     */
    T release(long nanos) {
        Planned<T> head = planned.peek();
        if (head == null || head.at > bound(nanos)) {
            return null;
        }
        planned.poll();
        now = Math.max(now, head.at);
        releasedAt = head.at;
        inFlight.merge(head.at, 1, Integer::sum);
        return head.what;
    }

    /** The simulated send time of the request {@link #release} returned last. */
    long releasedAt() {
        return releasedAt;
    }

    /** The response to a request sent at {@code sentAt} is in. */
    void answered(long sentAt) {
        inFlight.computeIfPresent(sentAt, (k, n) -> n == 1 ? null : n - 1);
    }

    /**
     * Wall nanoseconds from {@code nanos} until the speed limit lets the next planned send go, or
     * -1 when nothing is planned or a response is what it waits for.
     */
    long nanosUntilDue(long nanos) {
        Planned<T> head = planned.peek();
        if (head == null) {
            return -1;
        }
        if (!inFlight.isEmpty() && inFlight.firstKey() + LOOKAHEAD_MILLIS < head.at) {
            return -1;
        }
        long ahead = head.at - limitAt(nanos);
        return ahead <= 0 ? 0 : (long) Math.ceil(ahead * 1e6 / scale);
    }

    private long bound(long nanos) {
        long limit = limitAt(nanos);
        return inFlight.isEmpty() ? limit : Math.min(limit, inFlight.firstKey() + LOOKAHEAD_MILLIS);
    }
}
