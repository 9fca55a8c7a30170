package dev.bliss.proxy.tls;

import io.netty.channel.Channel;
import io.netty.channel.ChannelHandler;
import io.netty.util.AttributeKey;

/**
 * The component's entry points: the capture handler a TLS listener puts in front of its
 * SslHandler, and the lookup of a connection's fingerprint for its requests. The lookup allocates
 * nothing: attribute lookups on a channel are a search over a small array, and {@code hasAttr}
 * first keeps a missing one from being created.
 */
public final class TlsFingerprints {

    static final AttributeKey<TlsFingerprint> KEY = AttributeKey.valueOf(TlsFingerprints.class, "fingerprint");

    private TlsFingerprints() {
    }

    /**
     * A handler that reads a new connection's ClientHello and stores its fingerprint on the
     * channel; it goes directly in front of the connection's SslHandler, one per connection.
     */
    public static ChannelHandler newCapture() {
        return new ClientHelloCapture();
    }

    /**
     * The fingerprint stored on a TCP connection's channel, or {@code null}. Allocation-free.
     */
    public static TlsFingerprint of(Channel channel) {
        return channel.hasAttr(KEY) ? channel.attr(KEY).get() : null;
    }
}
