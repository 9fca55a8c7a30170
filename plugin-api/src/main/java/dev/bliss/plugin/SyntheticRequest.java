package dev.bliss.plugin;

import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;

/**
 * A {@link RequestView} built in code, for tests of detectors (yours too: see the example plugin's
 * test), {@code bliss rules eval} and benchmarks: a GET of {@code /} over HTTP/1.1 without TLS on
 * port 80 and without headers, from an untrusted peer, until told otherwise.
 *
 * <p>Text is stored the way an HTTP codec would deliver it: each UTF-8 byte of what was set as
 * one char, so a rule literal such as {@code "é"} sees the same bytes it would see on the wire.
 * The client address is unset (so {@code ip.src} is missing) until set. Not thread-safe.
 */
public final class SyntheticRequest implements RequestView {

    private String method = "GET";
    private String path = "/";
    /** The path as sent, when a test sets one apart from the normalised {@link #path}. */
    private String rawPath;
    private String query = "";
    private String uri = "/";
    private String host;
    private ProtocolVersion version = ProtocolVersion.HTTP_1_1;
    private boolean tls;
    private int localPort = 80;
    private IpAddress client;
    private final List<String> names = new ArrayList<>();
    private final List<String> values = new ArrayList<>();
    private String ja3;
    private String ja4;
    private String requestId = "";
    private boolean fromTrustedProxy;

    public SyntheticRequest method(String m) {
        method = wire(m);
        return this;
    }

    /** Sets path and query from a request target such as {@code /a/b?x=1}. */
    public SyntheticRequest uri(String target) {
        String t = wire(target);
        int q = t.indexOf('?');
        path = q < 0 ? t : t.substring(0, q);
        query = q < 0 ? "" : t.substring(q + 1);
        uri = t;
        return this;
    }

    public SyntheticRequest path(String p) {
        path = wire(p);
        uri = query.isEmpty() ? path : path + '?' + query;
        return this;
    }

    /** Sets the path as the client sent it ({@link #rawPath()}); {@link #path(String)} is the normalised one. */
    public SyntheticRequest rawPath(String p) {
        rawPath = wire(p);
        return this;
    }

    public SyntheticRequest query(String q) {
        query = wire(q);
        uri = query.isEmpty() ? path : path + '?' + query;
        return this;
    }

    /** Sets the host; when unset, the {@code host} header stands for it. */
    public SyntheticRequest host(String h) {
        host = wire(h);
        return this;
    }

    public SyntheticRequest version(ProtocolVersion v) {
        version = v;
        return this;
    }

    public SyntheticRequest tls(boolean on) {
        tls = on;
        return this;
    }

    public SyntheticRequest localPort(int port) {
        localPort = port;
        return this;
    }

    public SyntheticRequest clientAddress(IpAddress a) {
        client = a == null ? null : new IpAddress().set(a);
        return this;
    }

    /** Adds a header (keeping others of the same name). */
    public SyntheticRequest header(String name, String value) {
        names.add(wire(name));
        values.add(wire(value));
        return this;
    }

    /** Replaces every header of that name by one. */
    public SyntheticRequest setHeader(String name, String value) {
        return removeHeader(name).header(name, value);
    }

    /** Removes every header of that name. */
    public SyntheticRequest removeHeader(String name) {
        String onTheWire = wire(name);
        for (int i = names.size() - 1; i >= 0; i--) {
            if (names.get(i).equalsIgnoreCase(onTheWire)) {
                names.remove(i);
                values.remove(i);
            }
        }
        return this;
    }

    public SyntheticRequest ja3Hash(String hash) {
        ja3 = hash;
        return this;
    }

    public SyntheticRequest ja4(String fingerprint) {
        ja4 = fingerprint;
        return this;
    }

    public SyntheticRequest requestId(String id) {
        requestId = id;
        return this;
    }

    /** Whether the peer is one of the configured trusted proxies (a load balancer in front). */
    public SyntheticRequest fromTrustedProxy(boolean trusted) {
        fromTrustedProxy = trusted;
        return this;
    }

    private static String wire(String s) {
        return s == null ? null : new String(s.getBytes(StandardCharsets.UTF_8), StandardCharsets.ISO_8859_1);
    }

    @Override
    public CharSequence method() {
        return method;
    }

    @Override
    public CharSequence uri() {
        return uri;
    }

    @Override
    public CharSequence path() {
        return path;
    }

    @Override
    public CharSequence rawPath() {
        return rawPath != null ? rawPath : path;
    }

    @Override
    public CharSequence query() {
        return query;
    }

    @Override
    public CharSequence host() {
        if (host != null) {
            return host;
        }
        return header("host");
    }

    @Override
    public ProtocolVersion version() {
        return version;
    }

    @Override
    public boolean isTls() {
        return tls;
    }

    @Override
    public int localPort() {
        return localPort;
    }

    @Override
    public IpAddress clientAddress() {
        return client;
    }

    @Override
    public int headerCount() {
        return names.size();
    }

    @Override
    public CharSequence headerName(int i) {
        return names.get(i);
    }

    @Override
    public CharSequence headerValue(int i) {
        return values.get(i);
    }

    @Override
    public CharSequence header(CharSequence name) {
        for (int i = 0; i < names.size(); i++) {
            if (equalsIgnoreCase(names.get(i), name)) {
                return values.get(i);
            }
        }
        return null;
    }

    /** ASCII case-insensitive equality, without making a String of {@code b}. */
    private static boolean equalsIgnoreCase(String a, CharSequence b) {
        if (a.length() != b.length()) {
            return false;
        }
        for (int i = 0; i < a.length(); i++) {
            char x = a.charAt(i);
            char y = b.charAt(i);
            if (x != y && Character.toLowerCase(x) != Character.toLowerCase(y)) {
                return false;
            }
        }
        return true;
    }

    @Override
    public long receivedNanos() {
        return 0;
    }

    @Override
    public CharSequence ja3Hash() {
        return ja3;
    }

    @Override
    public CharSequence ja4() {
        return ja4;
    }

    @Override
    public CharSequence requestId() {
        return requestId;
    }

    @Override
    public boolean fromTrustedProxy() {
        return fromTrustedProxy;
    }
}
