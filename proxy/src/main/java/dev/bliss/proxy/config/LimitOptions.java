package dev.bliss.proxy.config;

/**
 * Request size limits.
 *
 * @param maxHeaderSize the most bytes of request headers; more is answered with 431
 * @param maxBodySize   the most bytes of request body, or 0 for no limit; more is answered with 413
 */
public record LimitOptions(int maxHeaderSize, long maxBodySize) {

    public static final int DEFAULT_MAX_HEADER_SIZE = 16 * 1024;
}
