package dev.bliss.proxy.exchange;

import dev.bliss.plugin.IpAddress;
import dev.bliss.plugin.ProtocolVersion;
import dev.bliss.plugin.RequestView;
import dev.bliss.proxy.tls.TlsFingerprint;
import io.netty.handler.codec.http.HttpHeaderNames;
import io.netty.handler.codec.http.HttpHeaders;
import io.netty.handler.codec.http.HttpRequest;
import io.netty.handler.codec.http.HttpVersion;
import java.util.Arrays;
import java.util.Iterator;
import java.util.Map;

/**
 * The {@link RequestView} of one request over the request head Netty's codec decoded (HTTP/1.x,
 * or an HTTP/2 stream converted to the same objects). Pooled with its {@link Exchange} and
 * re-pointed by {@link #wrap}. Method, target and header values are the codec's own objects;
 * path and query are windows on the target ({@link RequestTarget}: the path normalised, the raw
 * one kept beside it); the header list is captured on first use into
 * arrays that grow once and are then reused.
 *
 * <p>The headers are the client's until the forward phase; from then on the same head is what the
 * origin receives (hop-by-hop headers gone, X-Forwarded-* and detector headers added).
 *
 * <p>Event loop only.
 */
final class NettyRequestView implements RequestView {

    private final IpAddress client = new IpAddress();
    private final RequestTarget target = new RequestTarget();
    private HttpRequest request;
    private HttpHeaders headers;
    private ClientConnectionInfo connection;
    private CharSequence host;
    private String rawUri;
    private CharSequence requestId;
    private boolean trustedPeer;
    private long receivedNanos;
    /** The client's version: the head's own is rewritten to HTTP/1.1 for the origin's hop. */
    private ProtocolVersion version;
    private int headerCount = -1;
    private CharSequence[] names = new CharSequence[32];
    private CharSequence[] values = new CharSequence[32];

    void wrap(HttpRequest request, ClientConnectionInfo connection, long receivedNanos) {
        this.request = request;
        this.headers = request.headers();
        this.connection = connection;
        this.receivedNanos = receivedNanos;
        this.version = connection.http2 ? ProtocolVersion.HTTP_2
                : request.protocolVersion() == HttpVersion.HTTP_1_0 ? ProtocolVersion.HTTP_1_0 : ProtocolVersion.HTTP_1_1;
        this.host = headers.get(HttpHeaderNames.HOST);
        this.headerCount = -1;
        this.rawUri = request.uri();
    }

    /** The target taken apart; {@link RequestHeadCheck} parses it before any other stage reads it. */
    RequestTarget target() {
        return target;
    }

    /** The host an absolute-form target names, which replaces the Host header. */
    void host(CharSequence authority) {
        this.host = authority;
    }

    /** The request target exactly as the client sent it (for the access log). */
    String rawUri() {
        return rawUri;
    }

    /** Drops the references to the finished request. */
    void clear() {
        if (headerCount > 0) {
            Arrays.fill(names, 0, headerCount, null);
            Arrays.fill(values, 0, headerCount, null);
        }
        headerCount = -1;
        request = null;
        headers = null;
        connection = null;
        host = null;
        rawUri = null;
        requestId = null;
        target.clear();
    }

    HttpRequest request() {
        return request;
    }

    /** Where the client address stage writes the address it resolved. */
    IpAddress client() {
        return client;
    }

    void requestId(CharSequence id) {
        this.requestId = id;
    }

    void trustedPeer(boolean trusted) {
        this.trustedPeer = trusted;
    }

    @Override
    public CharSequence requestId() {
        return requestId;
    }

    @Override
    public boolean fromTrustedProxy() {
        return trustedPeer;
    }

    @Override
    public CharSequence method() {
        return request.method().asciiName();
    }

    /** The normalised origin-form target: the normalised path and the query as received. */
    @Override
    public CharSequence uri() {
        String normal = target.normalForm();
        return normal != null ? normal : rawUri;
    }

    @Override
    public CharSequence path() {
        return target.path.shown();
    }

    @Override
    public CharSequence rawPath() {
        return target.rawPath.shown();
    }

    @Override
    public CharSequence query() {
        return target.query.shown();
    }

    @Override
    public CharSequence host() {
        return host;
    }

    @Override
    public ProtocolVersion version() {
        return version;
    }

    @Override
    public boolean isTls() {
        return connection.tls;
    }

    @Override
    public int localPort() {
        return connection.localPort;
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
        return headers.get(name);
    }

    @Override
    public CharSequence ja3Hash() {
        TlsFingerprint f = connection.fingerprint();
        return f == null ? null : f.ja3Hash();
    }

    @Override
    public CharSequence ja4() {
        TlsFingerprint f = connection.fingerprint();
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
        int n = 0;
        Iterator<Map.Entry<CharSequence, CharSequence>> it = headers.iteratorCharSequence();
        while (it.hasNext()) {
            Map.Entry<CharSequence, CharSequence> e = it.next();
            if (n == names.length) {
                names = Arrays.copyOf(names, n * 2);
                values = Arrays.copyOf(values, n * 2);
            }
            names[n] = e.getKey();
            values[n] = e.getValue();
            n++;
        }
        headerCount = n;
    }
}
