package dev.bliss.firewall.action;

import java.nio.charset.StandardCharsets;

/**
 * A response the proxy sends itself, without contacting the origin: for {@code block} rules (as
 * configured) and challenges. Immutable; the proxy may build its wire form once per instance.
 */
public record LocalResponse(int status, String contentType, String body) {

    public static final int DEFAULT_BLOCK_STATUS = 403;
    public static final String DEFAULT_CONTENT_TYPE = "text/plain; charset=utf-8";
    public static final String DEFAULT_BLOCK_BODY = "Forbidden: this request was blocked by the firewall.\n";

    /** The default answer of a {@code block} rule. */
    public static final LocalResponse DEFAULT_BLOCK = new LocalResponse(DEFAULT_BLOCK_STATUS, DEFAULT_CONTENT_TYPE, DEFAULT_BLOCK_BODY);

    public LocalResponse {
        if (status < 100 || status > 599) {
            throw new IllegalArgumentException("status must be between 100 and 599, got " + status);
        }
    }

    /** The body encoded as UTF-8 (a new array each call: build it once). */
    public byte[] bodyBytes() {
        return body.getBytes(StandardCharsets.UTF_8);
    }
}
