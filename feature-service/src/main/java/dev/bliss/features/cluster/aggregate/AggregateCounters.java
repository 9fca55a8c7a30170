package dev.bliss.features.cluster.aggregate;

import java.util.concurrent.atomic.LongAdder;

/**
 * What every task of one aggregator instance has done, summed across its stream threads. Each
 * counter is added to by the stream threads and read by anyone.
 */
public final class AggregateCounters {

    final LongAdder batches = new LongAdder();
    final LongAdder events = new LongAdder();
    final LongAdder rejected = new LongAdder();
    final LongAdder skipped = new LongAdder();
    final LongAdder refused = new LongAdder();
    final LongAdder restored = new LongAdder();
    final LongAdder vectors = new LongAdder();
    final LongAdder tombstones = new LongAdder();

    /** Events-topic records unpacked: batches of this layout and schema. */
    public long batches() {
        return batches.sum();
    }

    /** Events folded into the windows. */
    public long events() {
        return events.sum();
    }

    /** Records skipped whole: of another layout version or schema, or cut or corrupt. */
    public long rejected() {
        return rejected.sum();
    }

    /** Events of an unpacked batch skipped: a dimension the schema does not have. */
    public long skipped() {
        return skipped.sum();
    }

    /** Events of new keys turned away at max_keys. */
    public long refused() {
        return refused.sum();
    }

    /** Keys restored from the state stores when tasks started. */
    public long restored() {
        return restored.sum();
    }

    /** Vectors written to the features topic. */
    public long vectors() {
        return vectors.sum();
    }

    /** Tombstones written for keys idle past their longest window. */
    public long tombstones() {
        return tombstones.sum();
    }
}
