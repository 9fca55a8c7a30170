package dev.bliss.features.cluster;

import dev.bliss.features.publish.FeatureFrame;
import org.agrona.collections.Long2ObjectHashMap;

/**
 * The fleet's latest vector of every key the features topic carries, and the rule that merges
 * them with the node's own vectors into each snapshot:
 *
 * <pre>
 *   key with a fleet vector evaluated within max_fleet_age   → the fleet vector (it includes this node's requests)
 *   key with an older fleet vector, or none                  → the node's own vector (local windows)
 *   key only in the fleet, fresh                             → added with the fleet vector
 * </pre>
 *
 * Fleet vectors older than max_fleet_age are dropped at the merge: a newer one brings the key back.
 *
 * <p><b>Threads:</b> the fleet consumer thread puts and removes; the publisher thread merges once
 * per publish interval. Both hold this object's lock, which neither holds for longer than one
 * poll's records or one merge; the proxy's request path never touches this class.
 */
public final class FleetTable {

    private static final class Entry {
        final float[] vector;
        long evaluatedAt;
        long mark;

        Entry(int length) {
            vector = new float[length];
        }
    }

    private final Long2ObjectHashMap<Entry>[] dimensions;
    private final int[] lengths;
    private final long schemaHash;
    private final long maxAgeMillis;
    private long merges;
    private long rejected;

    @SuppressWarnings("unchecked")
    public FleetTable(int[] vectorLengths, long schemaHash, long maxAgeMillis) {
        this.lengths = vectorLengths.clone();
        this.schemaHash = schemaHash;
        this.maxAgeMillis = maxAgeMillis;
        this.dimensions = new Long2ObjectHashMap[lengths.length];
        for (int d = 0; d < lengths.length; d++) {
            dimensions[d] = new Long2ObjectHashMap<>();
        }
    }

    /**
     * Takes one features-topic record: a vector, or a tombstone (null value) that forgets the key.
     *
     * @return the vector's evaluation time; 0 for a tombstone; -1 when the record is not one of
     *         this schema (another schema's aggregator, a corrupt record): ignored and counted
     */
    public synchronized long apply(byte[] key, byte[] value) {
        if (!FleetKeyLayout.check(key, lengths.length)) {
            rejected++;
            return -1;
        }
        int d = FleetKeyLayout.dimension(key);
        long k = FleetKeyLayout.key(key);
        if (value == null) {
            dimensions[d].remove(k);
            return 0;
        }
        if (!FleetVectorLayout.check(value, schemaHash, lengths[d])) {
            rejected++;
            return -1;
        }
        long at = FleetVectorLayout.evaluatedAt(value);
        Entry e = dimensions[d].get(k);
        if (e == null) {
            e = new Entry(lengths[d]);
            dimensions[d].put(k, e);
        } else if (at < e.evaluatedAt) {
            return at; // an older evaluation delivered late (a rebalance replay): keep the newer
        }
        FleetVectorLayout.vector(value, e.vector, 0);
        e.evaluatedAt = at;
        return at;
    }

    /**
     * Applies the fleet/local rule to {@code frame} (the node's own vectors, evaluated at the
     * frame's time) in place, before the publisher ranks and writes it. Publisher thread.
     */
    public synchronized MergeCounts mergeInto(FeatureFrame frame) {
        long now = frame.createdAtMillis();
        long mark = ++merges;
        long fleet = 0;
        long local = 0;
        long added = 0;
        for (int d = 0; d < lengths.length; d++) {
            Long2ObjectHashMap<Entry> table = dimensions[d];
            int length = lengths[d];
            long[] keys = frame.keys(d);
            for (int i = 0, n = frame.count(d); i < n; i++) {
                Entry e = table.get(keys[i]);
                if (e != null && now - e.evaluatedAt <= maxAgeMillis) {
                    System.arraycopy(e.vector, 0, frame.vectors(d), i * length, length);
                    e.mark = mark;
                    fleet++;
                } else {
                    local++;
                }
            }
            var it = table.entrySet().iterator();
            while (it.hasNext()) {
                it.next();
                Entry e = it.getValue();
                if (now - e.evaluatedAt > maxAgeMillis) {
                    it.remove();
                } else if (e.mark != mark) {
                    int at = frame.add(d, it.getLongKey());
                    System.arraycopy(e.vector, 0, frame.vectors(d), at, length);
                    added++;
                }
            }
        }
        return new MergeCounts(fleet, local, added);
    }

    /** Keys with a fleet vector, across dimensions. */
    public synchronized long size() {
        long n = 0;
        for (Long2ObjectHashMap<Entry> t : dimensions) {
            n += t.size();
        }
        return n;
    }

    /** Records ignored for not being of this schema. */
    public synchronized long rejected() {
        return rejected;
    }

    /**
     * What one merge did.
     *
     * @param fleet keys of the node's own that took the fleet vector
     * @param local keys of the node's own that kept their own vector (no fresh fleet vector)
     * @param added keys only the fleet knew, added with the fleet vector
     */
    public record MergeCounts(long fleet, long local, long added) {
        public static final MergeCounts NONE = new MergeCounts(0, 0, 0);
    }
}
