package dev.bliss.proxy.exchange;

import dev.bliss.plugin.OriginHeaders;
import io.netty.handler.codec.http.HttpHeaders;

/** {@link OriginHeaders} over the head about to go to the origin; one per loop, re-pointed. */
final class NettyOriginHeaders implements OriginHeaders {

    private HttpHeaders headers;

    NettyOriginHeaders wrap(HttpHeaders headers) {
        this.headers = headers;
        return this;
    }

    @Override
    public void set(CharSequence name, CharSequence value) {
        headers.set(name, value);
    }

    @Override
    public void remove(CharSequence name) {
        headers.remove(name);
    }
}
