package dev.bliss.features.cluster;

import dev.bliss.features.events.RequestEventHandler;
import dev.bliss.features.events.RequestEventRecord;
import java.nio.ByteBuffer;
import java.util.concurrent.atomic.AtomicLong;
import org.agrona.concurrent.UnsafeBuffer;
import org.agrona.concurrent.ringbuffer.OneToOneRingBuffer;
import org.agrona.concurrent.ringbuffer.RingBuffer;
import org.agrona.concurrent.ringbuffer.RingBufferDescriptor;

/**
 * Sits between the events ring's consumer and the local windows: hands every event to the windows,
 * then copies it into a bounded buffer that the {@link EventProducer} drains to Kafka. A full
 * buffer (Kafka slow or away long enough to fill it) drops the copy and counts it; the local
 * windows have the event either way, and the aggregator thread never waits for Kafka.
 *
 * <pre>
 *  RingConsumer ─► EventForwarder ─┬─► SlidingWindows (local windows, as without a cluster)
 *                                  └─► OneToOneRingBuffer (event_buffer bytes) ─► EventProducer thread
 * </pre>
 *
 * <p><b>Threads:</b> {@link #onEvent} on the aggregator thread only (the buffer's one producer);
 * {@link #buffer} read by the producer thread only; {@link #dropped} from any thread.
 * <b>Allocation:</b> none.
 */
public final class EventForwarder implements RequestEventHandler {

    /** The buffer's message type: a request event body in the events ring's own layout. */
    static final int MESSAGE_TYPE = 1;

    private final RequestEventHandler windows;
    private final RingBuffer buffer;
    private final AtomicLong dropped = new AtomicLong();

    /** @param bufferBytes bytes of events held for the producer (power of two) */
    public EventForwarder(RequestEventHandler windows, int bufferBytes) {
        this.windows = windows;
        this.buffer = new OneToOneRingBuffer(new UnsafeBuffer(
                ByteBuffer.allocateDirect(bufferBytes + RingBufferDescriptor.TRAILER_LENGTH)));
    }

    @Override
    public void onEvent(RequestEventRecord event) {
        windows.onEvent(event);
        int length = event.length();
        int at = buffer.tryClaim(MESSAGE_TYPE, length);
        if (at < 0) { // RingBuffer.INSUFFICIENT_CAPACITY
            // release store; single writer, so no CAS; pairs with the volatile load in dropped()
            dropped.lazySet(dropped.get() + 1);
            return;
        }
        event.copyTo(buffer.buffer(), at);
        buffer.commit(at);
    }

    @Override
    public void endOfBatch() {
        windows.endOfBatch();
    }

    /** Events not forwarded because the buffer was full. */
    public long dropped() {
        return dropped.get();
    }

    /** Bytes waiting for the producer. */
    public long backlogBytes() {
        return buffer.size();
    }

    RingBuffer buffer() {
        return buffer;
    }
}
