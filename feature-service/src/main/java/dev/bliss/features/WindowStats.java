package dev.bliss.features;

/**
 * The aggregator's counters at the end of its last frame, published as one immutable value so
 * that /metrics and the admin endpoint read a consistent set from any thread.
 *
 * @param activeKeys   per dimension
 * @param refusedKeys  per dimension: new keys turned away at {@code max_keys}
 * @param memoryBytes  per dimension: window state (index and records)
 * @param lateUpdates  updates older than a window's previous bucket, across dimensions
 * @param evictedKeys  keys dropped for idling past their longest window
 * @param skippedFrames ticks with no free frame (the publisher was still writing)
 */
public record WindowStats(long[] activeKeys, long[] refusedKeys, long[] memoryBytes, long lateUpdates, long evictedKeys,
                          long skippedFrames) {

    static WindowStats empty(int dimensions) {
        return new WindowStats(new long[dimensions], new long[dimensions], new long[dimensions], 0, 0, 0);
    }
}
