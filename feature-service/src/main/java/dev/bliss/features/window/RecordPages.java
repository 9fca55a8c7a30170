package dev.bliss.features.window;

/**
 * Fixed-size records of ints in pages of {@link #PAGE_RECORDS}, numbered densely from 0, with a
 * free list: a record keeps its number for its key's whole life (the frame walker relies on that)
 * and freed numbers are reused before new ones, so memory follows the peak of live keys.
 *
 * <p>Not thread-safe: the aggregator thread only. Allocation only for a new page.
 */
final class RecordPages {

    static final int PAGE_SHIFT = 10;
    static final int PAGE_RECORDS = 1 << PAGE_SHIFT;

    private final int stride;
    private int[][] pages = new int[8][];
    private int highWater;
    private int[] free = new int[64];
    private int freeCount;

    RecordPages(int stride) {
        this.stride = stride;
    }

    int stride() {
        return stride;
    }

    /** One past the highest record number ever allocated: walk [0, limit) to see every record. */
    int limit() {
        return highWater;
    }

    /** Pages allocated (for the memory figure). */
    int pageCount() {
        return (highWater + PAGE_RECORDS - 1) >>> PAGE_SHIFT;
    }

    /** A zeroed record's number. */
    int allocate() {
        if (freeCount > 0) {
            return free[--freeCount];
        }
        int record = highWater++;
        int page = record >>> PAGE_SHIFT;
        if (page == pages.length) {
            pages = java.util.Arrays.copyOf(pages, pages.length * 2);
        }
        if (pages[page] == null) {
            pages[page] = new int[PAGE_RECORDS * stride];
        }
        return record;
    }

    /** Zeroes {@code record} and makes its number reusable. */
    void release(int record) {
        java.util.Arrays.fill(page(record), base(record), base(record) + stride, 0);
        if (freeCount == free.length) {
            free = java.util.Arrays.copyOf(free, free.length * 2);
        }
        free[freeCount++] = record;
    }

    /** The page holding {@code record}. */
    int[] page(int record) {
        return pages[record >>> PAGE_SHIFT];
    }

    /** Where {@code record} starts in its page. */
    int base(int record) {
        return (record & (PAGE_RECORDS - 1)) * stride;
    }
}
