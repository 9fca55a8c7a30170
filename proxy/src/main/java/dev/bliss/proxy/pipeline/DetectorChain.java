package dev.bliss.proxy.pipeline;

import dev.bliss.proxy.metrics.LoopCounters;
import dev.bliss.plugin.AsyncDetector;
import dev.bliss.plugin.Completion;
import dev.bliss.plugin.Detector;
import dev.bliss.plugin.ScoreTally;
import dev.bliss.plugin.OriginHeaders;
import dev.bliss.plugin.RequestView;
import dev.bliss.plugin.field.Fields;
import java.util.List;
import java.util.concurrent.CompletionStage;

/**
 * The detectors of one event loop, in pipeline order, with that loop's field table.
 *
 * <pre>
 *   run(view, fields, 0) ──► inspect d0 ──► inspect d1 (an AsyncDetector) ──► returns 1
 *   beginAsync(1, …) ──► stage, or null (nothing to wait for: run on from 2)
 *        … the caller pauses the request and waits for the stage within the budget …
 *   resume(1, result) ──► run(view, fields, 2) ──► inspect d2 … ──► returns DONE
 * </pre>
 *
 * <p>The chain holds no per-request state: many requests of one loop may be in flight at once,
 * each with its own {@link Fields} (pooled by the caller).
 *
 * <p><b>Thread:</b> one event loop; not thread-safe. <b>Allocation:</b> none of its own on the
 * synchronous path. A detector that throws is counted and logged at a limited rate; its fields are
 * left as they were and the chain goes on (fail open), or, for a detector configured
 * {@code on_error: closed}, the chain stops and reports {@link #FAILED_CLOSED}. The same holds in
 * every phase (inspect, async begin and resume, forward, the log phase), and "throws" includes
 * {@link InternalError}: it is how the JVM reports a fault in a memory-mapped file that another
 * process truncated (SIGBUS: "a fault occurred in an unsafe memory access operation"), which
 * the feature store and the events ring can meet at any time. Other virtual machine errors
 * (out of memory, stack overflow) are left to propagate.
 *
 * <p>Per-detector time and calls are summed into the loop's {@link LoopCounters} (single writer,
 * opaque stores), which the metrics scrape reads from its own thread.
 */
public final class DetectorChain {

    /** {@link #run} finished every detector. */
    public static final int DONE = -1;
    /** A fail-closed detector threw; the request must be refused. */
    public static final int FAILED_CLOSED = -2;

    private final DetectorStage[] stages;
    private final Detector[] detectors;
    /** Per detector i: nanoseconds at 2i, calls at 2i + 1. */
    private final LoopCounters counters;

    DetectorChain(List<DetectorStage> stages, ScoreTally scores) {
        this.stages = stages.toArray(DetectorStage[]::new);
        this.detectors = new Detector[this.stages.length];
        for (int i = 0; i < detectors.length; i++) {
            detectors[i] = this.stages[i].factory().newDetector(scores);
        }
        this.counters = new LoopCounters(2 * detectors.length);
    }

    /**
     * Runs detectors from position {@code from} on.
     *
     * @return {@link #DONE}, {@link #FAILED_CLOSED}, or the position of an {@link AsyncDetector}
     *         whose synchronous part ran; the caller continues with {@link #beginAsync}
     */
    public int run(RequestView view, Fields fields, int from) {
        for (int i = from; i < detectors.length; i++) {
            Detector d = detectors[i];
            long start = System.nanoTime();
            try {
                d.inspect(view, fields);
                if (d instanceof AsyncDetector<?>) {
                    account(i, start);
                    return i;
                }
            } catch (RuntimeException | LinkageError | InternalError e) {
                if (failed(i, e)) {
                    account(i, start);
                    return FAILED_CLOSED;
                }
            }
            account(i, start);
        }
        return DONE;
    }

    /**
     * Starts the async stage of the detector at {@code position}.
     *
     * @return the stage to wait for, or {@code null} when there is nothing to wait for (or its
     *         begin failed open): continue with {@code run(view, fields, position + 1)}
     * @throws DetectorFailedClosed when begin threw and the detector fails closed
     */
    public CompletionStage<?> beginAsync(int position, RequestView view, Fields fields) {
        try {
            return ((AsyncDetector<?>) detectors[position]).begin(view, fields);
        } catch (RuntimeException | LinkageError | InternalError e) {
            if (failed(position, e)) {
                throw new DetectorFailedClosed(stages[position].name());
            }
            return null;
        }
    }

    public long asyncBudgetNanos(int position) {
        return stages[position].asyncBudgetNanos();
    }

    /**
     * Hands an async stage's outcome to its detector, on the event loop. {@code error} non-null
     * means the stage failed; a timed-out stage is reported with {@link #timedOut(int)} instead.
     *
     * @return whether the request may go on (false: a fail-closed detector failed)
     */
    @SuppressWarnings({"unchecked", "rawtypes"})
    public boolean resume(RequestView view, Fields fields, int position, Object result, Throwable error) {
        if (error != null) {
            return !failed(position, error);
        }
        try {
            ((AsyncDetector) detectors[position]).resume(view, fields, result);
            return true;
        } catch (RuntimeException | LinkageError | InternalError e) {
            return !failed(position, e);
        }
    }

    /** Records that the async stage at {@code position} ran out of budget; the request goes on. */
    public void timedOut(int position) {
        stages[position].asyncTimeouts().increment();
    }

    /** Lets every detector add headers to the origin request. */
    public void forward(RequestView view, Fields fields, OriginHeaders origin) {
        for (int i = 0; i < detectors.length; i++) {
            try {
                detectors[i].forward(view, fields, origin);
            } catch (RuntimeException | LinkageError | InternalError e) {
                failed(i, e);
            }
        }
    }

    /** The log phase: every detector, every request. */
    public void complete(RequestView view, Fields fields, Completion completion) {
        for (int i = 0; i < detectors.length; i++) {
            try {
                detectors[i].onComplete(view, fields, completion);
            } catch (RuntimeException | LinkageError | InternalError e) {
                failed(i, e);
            }
        }
    }

    public int size() {
        return detectors.length;
    }

    /** Nanoseconds spent in the detector at {@code position} on this loop so far. */
    public long nanos(int position) {
        return counters.get(2 * position);
    }

    public long calls(int position) {
        return counters.get(2 * position + 1);
    }

    private void account(int i, long start) {
        counters.add(2 * i, System.nanoTime() - start);
        counters.add(2 * i + 1, 1);
    }

    /** Counts and logs a failure; returns whether the detector fails closed. */
    private boolean failed(int i, Throwable e) {
        DetectorStage s = stages[i];
        s.errors().increment();
        s.log().warn("detector " + s.name() + " failed; " + (s.failClosed() ? "refusing the request" : "continuing without it"), e);
        return s.failClosed();
    }
}
