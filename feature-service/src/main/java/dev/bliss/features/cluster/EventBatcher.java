package dev.bliss.features.cluster;

import dev.bliss.features.events.RequestEventRecord;
import org.agrona.DirectBuffer;
import org.agrona.concurrent.UnsafeBuffer;
import org.apache.kafka.common.utils.Utils;

/**
 * Sorts the events of each request into one batch per events-topic partition
 * ({@link FleetEventLayout}), so that a node sends one Kafka record per partition and linger
 * interval instead of one per dimension key of each request.
 *
 * <p>Each dimension key's event goes to the partition Kafka's default partitioner would choose for
 * that key's {@link FleetKeyLayout} bytes ({@code toPositive(murmur2(bytes)) % partitions}): the
 * partition a node of the per-key layout sent it to. So one key's events from every node still
 * meet in one partition and one aggregator task, which needs no repartition topic, and the
 * aggregator's state and changelog keep their meaning across the change of layout.
 *
 * <p>A batch is handed to the {@link Sink} when it is full ({@code maxEvents}) or on
 * {@link #flush()} (the producer's linger interval). The staging buffers are allocated once per
 * partition count and reused.
 *
 * <p><b>Thread:</b> one (the producer's). <b>Allocation:</b> none per event; the sink's own.
 */
public final class EventBatcher {

    /** Where a finished batch goes. The buffer is reused once {@code send} returns. */
    @FunctionalInterface
    public interface Sink {
        void send(int partition, DirectBuffer batch, int length, int events, long newestTimestampMillis);
    }

    private final long schemaHash;
    private final int clientIpDimension;
    private final int maxEvents;
    private final Sink sink;
    private final byte[] key = new byte[FleetKeyLayout.LENGTH];
    private UnsafeBuffer[] batches = new UnsafeBuffer[0];
    private int[] counts = new int[0];
    private long[] newest = new long[0];
    private int pending;

    /**
     * @param clientIpDimension the schema's client-address dimension, or -1
     * @param maxEvents         events per batch at most (1..{@link FleetEventLayout#MAX_EVENTS})
     */
    public EventBatcher(long schemaHash, int clientIpDimension, int maxEvents, Sink sink) {
        if (maxEvents < 1 || maxEvents > FleetEventLayout.MAX_EVENTS) {
            throw new IllegalArgumentException("maxEvents " + maxEvents + " not in 1.." + FleetEventLayout.MAX_EVENTS);
        }
        this.schemaHash = schemaHash;
        this.clientIpDimension = clientIpDimension;
        this.maxEvents = maxEvents;
        this.sink = sink;
    }

    /** The events of one batch of at most {@code bytes}. */
    public static int eventsFitting(int bytes) {
        return Math.min(FleetEventLayout.MAX_EVENTS,
                Math.max(1, (bytes - FleetEventLayout.HEADER_LENGTH) / FleetEventLayout.EVENT_LENGTH));
    }

    /** The events-topic partition of one dimension key's events among {@code partitions}. */
    public static int partition(byte[] keyBytes, int partitions) {
        return Utils.toPositive(Utils.murmur2(keyBytes)) % partitions;
    }

    /**
     * Sets the topic's partition count. Batches held for another count are sent first (to the
     * partitions they were sorted for: those events cross over to their new partition's task from
     * the next batch on, as they would with Kafka's partitioner).
     */
    public void partitions(int partitions) {
        if (partitions < 1) {
            throw new IllegalArgumentException("partitions " + partitions);
        }
        if (partitions == batches.length) {
            return;
        }
        flush();
        UnsafeBuffer[] b = new UnsafeBuffer[partitions];
        for (int p = 0; p < partitions; p++) {
            b[p] = p < batches.length ? batches[p] : new UnsafeBuffer(new byte[FleetEventLayout.length(maxEvents)]);
        }
        batches = b;
        counts = new int[partitions];
        newest = new long[partitions];
    }

    /** The partition count batches are sorted for; 0 until {@link #partitions(int)}. */
    public int partitions() {
        return batches.length;
    }

    /** Puts each dimension key's event of {@code event} into its partition's batch. */
    public void add(RequestEventRecord event) {
        int partitions = batches.length;
        long timestamp = event.timestampMillis();
        for (int d = 0, n = event.keyCount(); d < n; d++) {
            if (!event.hasKey(d)) {
                continue;
            }
            FleetKeyLayout.encode(key, d, event.key(d));
            int p = partition(key, partitions);
            int i = counts[p];
            FleetEventLayout.putEvent(batches[p], FleetEventLayout.eventOffset(i), event, d, clientIpDimension);
            newest[p] = i == 0 ? timestamp : Math.max(newest[p], timestamp);
            counts[p] = i + 1;
            pending++;
            if (i + 1 == maxEvents) {
                send(p);
            }
        }
    }

    /** Events held, not yet handed to the sink. */
    public int pending() {
        return pending;
    }

    /** Hands every non-empty batch to the sink. */
    public void flush() {
        for (int p = 0; p < counts.length; p++) {
            if (counts[p] > 0) {
                send(p);
            }
        }
    }

    private void send(int p) {
        int events = counts[p];
        FleetEventLayout.putHeader(batches[p], 0, events, schemaHash);
        counts[p] = 0;
        pending -= events;
        sink.send(p, batches[p], FleetEventLayout.length(events), events, newest[p]);
    }
}
