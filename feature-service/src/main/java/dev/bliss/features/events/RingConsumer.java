package dev.bliss.features.events;

import dev.bliss.store.events.RequestEventLayout;
import java.util.concurrent.atomic.AtomicLongArray;
import org.agrona.MutableDirectBuffer;
import org.agrona.concurrent.MessageHandler;
import org.agrona.concurrent.ringbuffer.RingBuffer;

/**
 * Reads the events ring: checks each record ({@link RequestEventRecord#check}) and hands the
 * valid ones to a {@link RequestEventHandler}; a record of an unknown type or version, a bad
 * length or another schema is skipped and counted, never fatal.
 *
 * <p><b>Thread:</b> one consumer thread calls {@link #poll}; the counters may be read from any
 * thread (published with a release store after each poll). <b>Allocation:</b> none.
 *
 * <p><b>A producer that died mid-record</b> (a proxy killed between claim and commit) would
 * block the ring forever: when the ring has shown a backlog and made no progress for
 * {@code unblockAfterNanos}, the consumer asks Agrona to skip the abandoned claim.
 */
public final class RingConsumer implements MessageHandler {

    private static final int UNBLOCKED = RecordCheck.values().length;

    private final RingBuffer ring;
    private final RequestEventHandler handler;
    private final int keyCount;
    private final int schemaTag;
    private final long unblockAfterNanos;
    private final RequestEventRecord record = new RequestEventRecord();
    private final long[] pending = new long[UNBLOCKED + 1];
    private final AtomicLongArray counts = new AtomicLongArray(UNBLOCKED + 1);
    private long stalledSince = -1;
    private long stalledAt = -1;

    /**
     * @param keyCount   the consumer schema's dimension count
     * @param schemaHash the consumer schema's hash; events of another schema are skipped
     */
    public RingConsumer(RingBuffer ring, int keyCount, long schemaHash, long unblockAfterNanos, RequestEventHandler handler) {
        this.ring = ring;
        this.handler = handler;
        this.keyCount = RequestEventLayout.checkKeyCount(keyCount);
        this.schemaTag = RequestEventLayout.schemaTag(schemaHash);
        this.unblockAfterNanos = unblockAfterNanos;
    }

    /**
     * Reads up to {@code limit} records.
     *
     * @return the number of records read, valid or not
     */
    public int poll(int limit) {
        int read = ring.read(this, limit);
        if (read > 0) {
            handler.endOfBatch();
            stalledSince = -1;
            flush();
        } else {
            checkStalled();
        }
        return read;
    }

    private void checkStalled() {
        long consumer = ring.consumerPosition();
        if (ring.producerPosition() <= consumer) {
            stalledSince = -1;
            return;
        }
        long now = System.nanoTime();
        if (stalledSince < 0 || stalledAt != consumer) {
            stalledSince = now;
            stalledAt = consumer;
        } else if (now - stalledSince >= unblockAfterNanos && ring.unblock()) {
            pending[UNBLOCKED]++;
            stalledSince = -1;
            flush();
        }
    }

    @Override
    public void onMessage(int type, MutableDirectBuffer buffer, int index, int length) {
        RecordCheck check;
        if (type != RequestEventLayout.MESSAGE_TYPE) {
            check = RecordCheck.UNKNOWN_TYPE;
        } else {
            check = record.wrap(buffer, index, length).check(keyCount, schemaTag);
        }
        pending[check.ordinal()]++;
        if (check == RecordCheck.OK) {
            handler.onEvent(record);
        }
    }

    private void flush() {
        for (int i = 0; i < pending.length; i++) {
            if (pending[i] != 0) {
                // release store; pairs with the volatile load in count(); single writer, so no CAS
                counts.lazySet(i, counts.get(i) + pending[i]);
                pending[i] = 0;
            }
        }
    }

    /** Records read with this verdict so far ({@link RecordCheck#OK}: events handled). */
    public long count(RecordCheck check) {
        return counts.get(check.ordinal());
    }

    /** Times an abandoned claim was skipped. */
    public long unblocked() {
        return counts.get(UNBLOCKED);
    }
}
