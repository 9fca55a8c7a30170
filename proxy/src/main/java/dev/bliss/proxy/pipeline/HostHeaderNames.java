package dev.bliss.proxy.pipeline;

import dev.bliss.plugin.HeaderName;
import io.netty.util.AsciiString;

/**
 * How this host resolves a header name for its request views: keyed by Netty's
 * {@link AsciiString}, whose hash is cached, so a lookup in the request's header map hashes
 * nothing. Detectors get theirs through {@code DetectorContext.headerName}, the firewall through
 * its evaluator.
 */
public final class HostHeaderNames {

    private HostHeaderNames() {
    }

    /** @throws IllegalArgumentException when {@code name} is not an HTTP token */
    public static HeaderName resolve(String name) {
        String lower = HeaderName.of(name).text();
        return HeaderName.of(lower, AsciiString.cached(lower));
    }
}
