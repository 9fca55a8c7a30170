package dev.bliss.proxy.internal;

import dev.bliss.plugin.OriginHeaders;
import io.vertx.core.MultiMap;

/** {@link OriginHeaders} over the origin request's header map; one per loop, re-pointed. */
final class OriginHeadersAdapter implements OriginHeaders {

    private MultiMap headers;

    OriginHeadersAdapter wrap(MultiMap headers) {
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
