package dev.bliss.proxy.routing;

import dev.bliss.proxy.config.UpstreamOptions;

/**
 * Interchangeable origins chosen round-robin, skipping those in their failure cooldown.
 * Thread-safe: the rotation index is shared and advanced without a lock (an occasional repeat
 * under a race does no harm).
 */
public final class UpstreamGroup {

    private final UpstreamOptions options;
    private final String name;
    private final Origin[] origins;
    private final int poolSize;
    private int next;

    public UpstreamGroup(UpstreamOptions options) {
        this.options = options;
        this.name = options.name();
        this.poolSize = options.poolSize();
        this.origins = options.origins().stream()
                .map(o -> new Origin(o, options.maxFailures(), options.cooldown().toNanos()))
                .toArray(Origin[]::new);
    }

    public String name() {
        return name;
    }

    /** What the group was made from; a reload keeps a group whose options did not change. */
    public UpstreamOptions options() {
        return options;
    }

    public int poolSize() {
        return poolSize;
    }

    public Origin[] origins() {
        return origins.clone();
    }

    /** The next available origin, or {@code null} when all are cooling down (answer 502). */
    public Origin select(long nowNanos) {
        int start = next;
        for (int i = 0; i < origins.length; i++) {
            Origin o = origins[Math.floorMod(start + i, origins.length)];
            if (o.isAvailable(nowNanos)) {
                next = start + i + 1;
                return o;
            }
        }
        return null;
    }
}
