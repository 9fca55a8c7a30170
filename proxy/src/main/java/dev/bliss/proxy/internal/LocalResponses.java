package dev.bliss.proxy.internal;

import dev.bliss.firewall.action.LocalResponse;
import io.vertx.core.buffer.Buffer;

/**
 * The answers the proxy gives itself (404, 413, 502, 503, 504), and the rendering of every local
 * answer, the firewall's blocks and challenges included: each names the request's id in its body
 * and in the request id header, so a visitor can quote it and the operator find the request in
 * the access and detection logs.
 *
 * <p>A body is rendered per answer (it holds the id): one small buffer per local answer, none
 * per proxied request.
 */
final class LocalResponses {

    static final LocalResponse NOT_FOUND = plain(404, "no route for this host and path");
    static final LocalResponse BAD_GATEWAY = plain(502, "bad gateway: the origin could not be reached");
    static final LocalResponse GATEWAY_TIMEOUT = plain(504, "gateway timeout: the origin did not answer in time");
    static final LocalResponse NO_ORIGIN = plain(502, "bad gateway: every origin of this upstream is failing");
    static final LocalResponse TOO_LARGE = plain(413, "request body too large");
    static final LocalResponse DETECTOR_FAILED = plain(503, "service unavailable: a required detector failed");

    private LocalResponses() {
    }

    /** The wire body of {@code response} for one request. */
    static Buffer body(LocalResponse response, CharSequence requestId, CharSequence ruleId) {
        return Buffer.buffer(response.render(requestId, ruleId));
    }

    private static LocalResponse plain(int status, String text) {
        return new LocalResponse(status, LocalResponse.DEFAULT_CONTENT_TYPE, text + "\nrequest id: " + LocalResponse.REQUEST_ID + "\n");
    }
}
