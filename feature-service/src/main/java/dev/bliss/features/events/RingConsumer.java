package dev.bliss.features.events;

import dev.bliss.store.events.RequestEventLayout;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.util.concurrent.atomic.AtomicLongArray;
import org.agrona.MutableDirectBuffer;
import org.agrona.concurrent.MessageHandler;
import org.agrona.concurrent.AtomicBuffer;
import org.agrona.concurrent.ringbuffer.RecordDescriptor;
import org.agrona.concurrent.ringbuffer.RingBuffer;
import java.nio.ByteOrder;

/**
 * Reads the events rings, merged by publish order ({@link #poll}): checks each record
 * ({@link RequestEventRecord#check}) and hands the valid ones to a {@link RequestEventHandler};
 * a record of an unknown type or version, a bad length or another schema is skipped and
 * counted, never fatal.
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
     * Reads up to {@code limit} records from each ring, merged by their publish order
     * ({@link RequestEventLayout#PUBLISH_ORDER_OFFSET}, the producers' monotonic clock at commit):
     * the ring whose next record was published first is read next, and goes on being read while
     * its records stay ahead of every other ring's next one (ties, which are real ties: the lower
     * ring). Why: one client's requests reach several event loops, so its events come through
     * several rings, and some features depend on their order (a key's previous numbered page,
     * interarrival gaps); a single shared ring kept the order of publication, and so does this
     * merge, for the records it sees committed. A record still being written when a later one of
     * another ring is read comes after it (feature-service README, "Order across the rings").
     *
     * @return the number of records read, valid or not
     */
    public int poll(int limit) {
        int n = stalledSince.length;
        int total = 0;
        int budget = limit * n;
        while (total < budget) {
            int best = -1;
            long bestOrder = NOTHING;
            int runnerUp = -1;
            long runnerUpOrder = NOTHING;
            for (int i = 0; i < n; i++) {
                long order = nextOrder(rings.ring(i));
                if (order == NOTHING) {
                    continue;
                }
                // strictly less: on a tie the lower ring, seen first, stays ahead
                if (best < 0 || order < bestOrder) {
                    runnerUp = best;
                    runnerUpOrder = bestOrder;
                    best = i;
                    bestOrder = order;
                } else if (runnerUp < 0 || order < runnerUpOrder) {
                    runnerUp = i;
                    runnerUpOrder = order;
                }
            }
            if (best < 0) {
                break;
            }
            RingBuffer ring = rings.ring(best);
            if (runnerUp < 0) {
                total += ring.read(this, budget - total); // one ring alone: a batch at once
                continue;
            }
            // the best ring's records, one at a time, while they stay ahead of the runner-up
            // (which a tie keeps ahead when it is the lower ring)
            long order;
            do {
                total += ring.read(this, 1);
                order = nextOrder(ring);
            } while (total < budget && order != NOTHING
                    && (order < runnerUpOrder || order == runnerUpOrder && best < runnerUp));
        }
        for (int i = 0; i < n; i++) {
            checkStalled(i, rings.ring(i));
        }
        if (total > 0) {
            handler.endOfBatch();
            flush();
        }
        return total;
    }

    /** No record committed. */
    private static final long NOTHING = Long.MAX_VALUE;
    /** A record without a publish order (another type, version or length): read at once, skipped and counted. */
    private static final long AT_ONCE = Long.MIN_VALUE;

    /**
     * The publish order of the ring's next record; {@link #AT_ONCE} for a record that is no request
     * event of this version, {@link #NOTHING} when none is committed. Skips the padding record at
     * the buffer's end. Consumer thread only.
     */
    private long nextOrder(RingBuffer ring) {
        AtomicBuffer buffer = ring.buffer();
        int mask = ring.capacity() - 1;
        for (int attempt = 0; attempt < 2; attempt++) {
            int index = (int) ring.consumerPosition() & mask;
            // acquire: pairs with the producer's release store of the length at commit
            int length = buffer.getIntVolatile(RecordDescriptor.lengthOffset(index));
            if (length <= 0) {
                return NOTHING;
            }
            int type = buffer.getInt(RecordDescriptor.typeOffset(index));
            if (type == RingBuffer.PADDING_MSG_TYPE_ID) {
                ring.read(this, 1); // moves the head past the padding, reads nothing
                continue;
            }
            int body = RecordDescriptor.encodedMsgOffset(index);
            if (type != RequestEventLayout.MESSAGE_TYPE
                    || length < RecordDescriptor.HEADER_LENGTH + RequestEventLayout.KEYS_OFFSET
                    || (buffer.getByte(body + RequestEventLayout.VERSION_OFFSET) & 0xFF) != RequestEventLayout.VERSION) {
                return AT_ONCE;
            }
            return buffer.getLong(body + RequestEventLayout.PUBLISH_ORDER_OFFSET, ByteOrder.LITTLE_ENDIAN);
        }
        return NOTHING;
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
