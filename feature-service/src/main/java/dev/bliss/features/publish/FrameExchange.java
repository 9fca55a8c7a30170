package dev.bliss.features.publish;

import java.util.concurrent.ArrayBlockingQueue;
import java.util.concurrent.BlockingQueue;
import java.util.concurrent.TimeUnit;

/**
 * Hands frames between the aggregator and the publisher, the way HdrHistogram's {@code Recorder}
 * hands interval histograms: two frames, one being filled while the other is published; the
 * publisher gives each back for reuse.
 *
 * <pre>
 *   aggregator                          publisher
 *   tryTakeFree() ─► fill ─► handOff() ─► awaitFilled() ─► write snapshot ─► recycle()
 *        ▲                                                                      │
 *        └──────────────────────────── free ◄──────────────────────────────────┘
 * </pre>
 *
 * <p><b>Progress.</b> The aggregator never waits: with no free frame (the publisher is still
 * writing the previous two) {@link #tryTakeFree} returns null and that tick is skipped.
 * <b>Ordering.</b> Everything written to a frame before {@code handOff} (or {@code recycle})
 * happens-before whatever the other side does after taking it (the queues' guarantee).
 * <b>Allocation:</b> none ({@link ArrayBlockingQueue} allocates no nodes).
 */
public final class FrameExchange {

    private final BlockingQueue<FeatureFrame> free;
    private final BlockingQueue<FeatureFrame> filled;

    public FrameExchange(int[] vectorLengths) {
        free = new ArrayBlockingQueue<>(2);
        filled = new ArrayBlockingQueue<>(2);
        free.add(new FeatureFrame(vectorLengths));
        free.add(new FeatureFrame(vectorLengths));
    }

    /** A frame to fill, or null when both are with the publisher. Aggregator thread; never blocks. */
    public FeatureFrame tryTakeFree() {
        return free.poll();
    }

    /** Gives a filled frame to the publisher. Aggregator thread; never blocks (at most two frames exist). */
    public void handOff(FeatureFrame frame) {
        filled.add(frame);
    }

    /** Gives back a frame that will not be published (the service is stopping). */
    public void returnUnused(FeatureFrame frame) {
        free.add(frame);
    }

    /** The next filled frame, or null after {@code timeoutNanos}. Publisher thread. */
    public FeatureFrame awaitFilled(long timeoutNanos) throws InterruptedException {
        return filled.poll(timeoutNanos, TimeUnit.NANOSECONDS);
    }

    /** Returns a published frame for reuse. Publisher thread. */
    public void recycle(FeatureFrame frame) {
        free.add(frame);
    }
}
