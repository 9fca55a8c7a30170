package dev.bliss.features.publish;

/**
 * What one snapshot publication did, for the log, /metrics and the admin endpoint.
 *
 * @param sequence          the snapshot's sequence
 * @param createdAtMillis   the time its vectors were evaluated at
 * @param keys              keys per dimension, imported ones included
 * @param bytes             snapshot size
 * @param frameNanos        time the aggregator spent evaluating the frame (in chunks, between events)
 * @param writeNanos        time the publisher spent: ranks, waiting for readers, writing, publishing
 * @param readerCounterReset the writer abandoned a reader's pin after the grace period (a dead reader)
 */
public record PublishStats(long sequence, long createdAtMillis, long[] keys, long bytes, long frameNanos,
                           long writeNanos, boolean readerCounterReset) {

    public long totalKeys() {
        long n = 0;
        for (long k : keys) {
            n += k;
        }
        return n;
    }
}
