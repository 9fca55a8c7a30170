package dev.bliss.proxy.internal;

import io.vertx.core.buffer.Buffer;

/**
 * The bodies of the answers the proxy gives itself, made once: a local answer writes a shared,
 * read-only buffer rather than building text per request.
 */
final class LocalResponses {

    static final Buffer NOT_FOUND = body("no route for this host and path\n");
    static final Buffer BAD_GATEWAY = body("bad gateway: the origin could not be reached\n");
    static final Buffer GATEWAY_TIMEOUT = body("gateway timeout: the origin did not answer in time\n");
    static final Buffer NO_ORIGIN = body("bad gateway: every origin of this upstream is failing\n");
    static final Buffer TOO_LARGE = body("request body too large\n");
    static final Buffer DETECTOR_FAILED = body("service unavailable: a required detector failed\n");

    private LocalResponses() {
    }

    private static Buffer body(String text) {
        return Buffer.buffer(text);
    }
}
