package dev.bliss.proxy.exchange;

import dev.bliss.plugin.IpAddress;
import dev.bliss.proxy.tls.TlsFingerprint;
import dev.bliss.proxy.tls.TlsFingerprints;
import io.netty.channel.Channel;
import io.netty.util.AttributeKey;
import java.net.InetSocketAddress;

/**
 * What every request of one client TCP connection shares (all streams of an HTTP/2 connection
 * too): the peer's address, parsed once, the local port, whether it is TLS, and the TLS
 * fingerprints, looked up once the handshake has finished.
 *
 * <p>Event loop of the connection only.
 */
public final class ClientConnectionInfo {

    /**
     * The client address a PROXY protocol header gave for this TCP connection, when one did: it
     * stands in for the peer everywhere (ip.src, X-Forwarded-For, trusted-proxy checks, keys).
     */
    public static final AttributeKey<InetSocketAddress> PROXIED_CLIENT =
            AttributeKey.valueOf(ClientConnectionInfo.class, "proxiedClient");

    private final Channel channel;
    final IpAddress peer = new IpAddress();
    final String peerText;
    final int localPort;
    final boolean tls;
    final boolean http2;
    /** The connection's head and keep-alive deadline, or null where the pipeline has none. */
    private final ClientDeadline deadline;
    private TlsFingerprint fingerprint;
    private boolean fingerprintRead;

    /** @param channel the TCP connection (the parent of HTTP/2 stream channels) */
    ClientConnectionInfo(Channel channel, boolean tls, boolean http2) {
        this.channel = channel;
        this.tls = tls;
        this.http2 = http2;
        String text = null;
        InetSocketAddress proxied = channel.hasAttr(PROXIED_CLIENT) ? channel.attr(PROXIED_CLIENT).get() : null;
        if (proxied != null && proxied.getAddress() != null) {
            text = proxied.getAddress().getHostAddress();
        } else if (channel.remoteAddress() instanceof InetSocketAddress remote && remote.getAddress() != null) {
            text = remote.getAddress().getHostAddress();
        }
        if (text == null || !peer.parse(text)) {
            peer.set(0, 0);
        }
        this.peerText = text;
        this.localPort = channel.localAddress() instanceof InetSocketAddress local ? local.getPort() : 0;
        this.deadline = channel.pipeline().get(ClientDeadline.class);
    }

    /** An exchange of this connection (HTTP/2: of one of its streams) started. */
    void exchangeStarted() {
        if (deadline != null) {
            deadline.exchangeStarted();
        }
    }

    /** An exchange of this connection ended, cleanly or not. */
    void exchangeEnded() {
        if (deadline != null) {
            deadline.exchangeEnded();
        }
    }

    /** The connection's JA3/JA4, or null on plain connections (or where capture is off). */
    TlsFingerprint fingerprint() {
        if (!fingerprintRead && tls) {
            fingerprintRead = true;
            fingerprint = TlsFingerprints.of(channel);
        }
        return fingerprint;
    }
}
