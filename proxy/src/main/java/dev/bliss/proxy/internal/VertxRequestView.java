package dev.bliss.proxy.internal;

import dev.bliss.plugin.IpAddress;
import dev.bliss.plugin.ProtocolVersion;
import dev.bliss.plugin.RequestView;
import dev.bliss.proxy.tls.TlsFingerprint;
import dev.bliss.proxy.tls.TlsFingerprints;
import io.vertx.core.MultiMap;
import io.vertx.core.http.HttpServerRequest;
import io.vertx.core.http.HttpVersion;
import java.util.Map;

/**
 * The {@link RequestView} of one request, over the Vert.x request. Pooled with its
 * {@link RequestContext} and re-pointed at each request by {@link #wrap}; the header list is
 * captured on first use, into arrays that grow once and are then reused.
 *
 * <p>Event-loop only.
 */
final class VertxRequestView implements RequestView {

    private final IpAddress client = new IpAddress();
    private HttpServerRequest request;
    private CharSequence host;
    private boolean tls;
    private boolean trustedPeer;
    private long receivedNanos;
    private int headerCount = -1;
    private CharSequence requestId;
    private TlsFingerprint fingerprint;
    private boolean fingerprintRead;
    private CharSequence[] names = new CharSequence[32];
    private CharSequence[] values = new CharSequence[32];

    void wrap(HttpServerRequest request, CharSequence host, long receivedNanos) {
        this.request = request;
        this.host = host;
        this.tls = request.isSSL();
        this.receivedNanos = receivedNanos;
        this.headerCount = -1;
        this.fingerprint = null;
        this.fingerprintRead = false;
    }

    /** Drops the references to the finished request. */
    void clear() {
        request = null;
        requestId = null;
        host = null;
        fingerprint = null;
        if (headerCount > 0) {
            java.util.Arrays.fill(names, 0, headerCount, null);
            java.util.Arrays.fill(values, 0, headerCount, null);
        }
        headerCount = -1;
    }

    /** Where the pipeline writes the client address it resolved. */
    IpAddress client() {
        return client;
    }

    void requestId(CharSequence id) {
        this.requestId = id;
    }

    @Override
    public CharSequence requestId() {
        return requestId;
    }

    void trustedPeer(boolean trusted) {
        this.trustedPeer = trusted;
    }

    @Override
    public boolean fromTrustedProxy() {
        return trustedPeer;
    }

    @Override
    public CharSequence method() {
        return request.method().name();
    }

    @Override
    public CharSequence uri() {
        return request.uri();
    }

    @Override
    public CharSequence path() {
        String path = request.path();
        return path == null ? "" : path;
    }

    @Override
    public CharSequence query() {
        String query = request.query();
        return query == null ? "" : query;
    }

    @Override
    public CharSequence host() {
        return host;
    }

    @Override
    public ProtocolVersion version() {
        HttpVersion v = request.version();
        return switch (v) {
            case HTTP_1_0 -> ProtocolVersion.HTTP_1_0;
            case HTTP_1_1 -> ProtocolVersion.HTTP_1_1;
            case HTTP_2 -> ProtocolVersion.HTTP_2;
        };
    }

    @Override
    public boolean isTls() {
        return tls;
    }

    @Override
    public int localPort() {
        return request.localAddress() == null ? 0 : request.localAddress().port();
    }

    @Override
    public IpAddress clientAddress() {
        return client;
    }

    @Override
    public int headerCount() {
        if (headerCount < 0) {
            captureHeaders();
        }
        return headerCount;
    }

    @Override
    public CharSequence headerName(int i) {
        checkIndex(i);
        return names[i];
    }

    @Override
    public CharSequence headerValue(int i) {
        checkIndex(i);
        return values[i];
    }

    @Override
    public CharSequence header(CharSequence name) {
        return request.headers().get(name);
    }

    /**
     * The fingerprints of the request's TLS connection (computed once per connection, when its
     * ClientHello arrived), or null on plain connections. Looked up on first use per request.
     */
    TlsFingerprint tlsFingerprint() {
        if (!fingerprintRead) {
            fingerprintRead = true;
            fingerprint = tls ? TlsFingerprints.of(request.connection()) : null;
        }
        return fingerprint;
    }

    @Override
    public CharSequence ja3Hash() {
        TlsFingerprint f = tlsFingerprint();
        return f == null ? null : f.ja3Hash();
    }

    @Override
    public CharSequence ja4() {
        TlsFingerprint f = tlsFingerprint();
        return f == null ? null : f.ja4();
    }

    @Override
    public long receivedNanos() {
        return receivedNanos;
    }

    private void checkIndex(int i) {
        if (i < 0 || i >= headerCount()) {
            throw new IndexOutOfBoundsException(i);
        }
    }

    private void captureHeaders() {
        MultiMap headers = request.headers();
        int n = 0;
        for (Map.Entry<String, String> e : headers) {
            if (n == names.length) {
                names = java.util.Arrays.copyOf(names, n * 2);
                values = java.util.Arrays.copyOf(values, n * 2);
            }
            names[n] = e.getKey();
            values[n] = e.getValue();
            n++;
        }
        headerCount = n;
    }
}
