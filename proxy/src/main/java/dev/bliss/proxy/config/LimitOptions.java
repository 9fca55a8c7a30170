package dev.bliss.proxy.config;

/**
 * Request size limits, and the share of origin connections uploads may hold.
 *
 * @param maxHeaderSize      the most bytes of request headers; more is answered with 431
 * @param maxBodySize        the most bytes of request body, or 0 for no limit; more is answered with 413
 * @param maxUploadsPerLoop  the most requests per event loop that hold (or wait for) an origin
 *                           connection while their body is still arriving, or 0 for no cap; one
 *                           more is answered 503 at once. Slow uploads can then take at most this
 *                           many of a loop's origin connections, and every other request keeps
 *                           the rest
 */
public record LimitOptions(int maxHeaderSize, long maxBodySize, int maxUploadsPerLoop) {

    public static final int DEFAULT_MAX_HEADER_SIZE = 16 * 1024;
    /** Half the default pool size of an origin (64 per event loop). */
    public static final int DEFAULT_MAX_UPLOADS_PER_LOOP = 32;

    /** Size limits given; uploads capped at the default. */
    public LimitOptions(int maxHeaderSize, long maxBodySize) {
        this(maxHeaderSize, maxBodySize, DEFAULT_MAX_UPLOADS_PER_LOOP);
    }
}
