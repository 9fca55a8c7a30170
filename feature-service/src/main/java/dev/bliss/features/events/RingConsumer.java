package dev.bliss.features.events;

import dev.bliss.store.events.RequestEventLayout;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.util.concurrent.atomic.AtomicLongArray;
import org.agrona.MutableDirectBuffer;
import org.agrona.concurrent.MessageHandler;
import org.agrona.concurrent.ringbuffer.RingBuffer;

/**
 * Reads the events rings, each in turn: checks each record ({@link RequestEventRecord#check}) and hands the
 * valid ones to a {@link RequestEventHandler}; a record of an unknown type or version, a bad
 * length or another schema is skipped and counted, never fatal.
 *
 * <p><b>Thread:</b> one consumer thread calls {@link #poll}; the counters may be read from any
 * thread (published with a release store after each poll). <b>Allocation:</b> none.
 *
 * <p><b>A producer that died mid-record</b> (a proxy killed between claim and commit) would
 * block its ring forever: when a ring has shown a backlog and made no progress for
 * {@code unblockAfterNanos}, the consumer repairs it ({@link EventsRing#unblock}).
 */
public final class RingConsumer implements MessageHandler {

    private static final int UNBLOCKED = RecordCheck.values().length;

    private final EventsRing rings;
    private final RequestEventHandler handler;
    private final int keyCount;
    private final int schemaTag;
    private final long unblockAfterNanos;
    private final RequestEventRecord record = new RequestEventRecord();
    private final long[] pending = new long[UNBLOCKED + 1];
    private final AtomicLongArray counts = new AtomicLongArray(UNBLOCKED + 1);
    private final long[] stalledSince;
    private final long[] stalledAt;

    /**
     * @param keyCount   the consumer schema's dimension count
     * @param schemaHash the consumer schema's hash; events of another schema are skipped
     */
    public RingConsumer(EventsRing rings, int keyCount, long schemaHash, long unblockAfterNanos, RequestEventHandler handler) {
        this.rings = rings;
        this.stalledSince = new long[rings.count()];
        this.stalledAt = new long[rings.count()];
        java.util.Arrays.fill(stalledSince, -1);
        this.handler = handler;
        this.keyCount = RequestEventLayout.checkKeyCount(keyCount);
        this.schemaTag = RequestEventLayout.schemaTag(schemaHash);
        this.unblockAfterNanos = unblockAfterNanos;
    }

    /**
     * Reads up to {@code limit} records from each ring.
     *
     * @return the number of records read, valid or not
     */
    public int poll(int limit) {
        int total = 0;
        for (int i = 0; i < stalledSince.length; i++) {
            RingBuffer ring = rings.ring(i);
            int read = ring.read(this, limit);
            if (read > 0) {
                stalledSince[i] = -1;
                total += read;
            } else {
                checkStalled(i, ring);
            }
        }
        if (total > 0) {
            handler.endOfBatch();
            flush();
        }
        return total;
    }

    private void checkStalled(int i, RingBuffer ring) {
        long consumer = ring.consumerPosition();
        if (ring.producerPosition() == consumer) {
            stalledSince[i] = -1;
            return;
        }
        long now = System.nanoTime();
        if (stalledSince[i] < 0 || stalledAt[i] != consumer) {
            stalledSince[i] = now;
            stalledAt[i] = consumer;
        } else if (now - stalledSince[i] >= unblockAfterNanos) {
            stalledSince[i] = -1;
            boolean repaired;
            try {
                repaired = rings.unblock(i);
            } catch (IOException e) {
                throw new UncheckedIOException("events ring " + rings.file(i) + " cannot be repaired", e);
            }
            if (repaired) {
                pending[UNBLOCKED]++;
                flush();
            }
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

    /** Times a ring that made no progress was repaired or skipped forward (an abandoned claim). */
    public long unblocked() {
        return counts.get(UNBLOCKED);
    }
}
