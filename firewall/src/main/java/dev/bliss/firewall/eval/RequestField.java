package dev.bliss.firewall.eval;

import dev.bliss.firewall.types.Type;

/**
 * The fields the firewall reads straight from the {@link dev.bliss.plugin.RequestView}, named as
 * in Cloudflare's rules language. Nothing is copied until a rule reads a field; a text field is
 * then copied once per request into the evaluator's own buffer (see {@link ExecutionContext}).
 */
public enum RequestField {
    METHOD("http.request.method", Type.BYTES),
    URI("http.request.uri", Type.BYTES),
    PATH("http.request.uri.path", Type.BYTES),
    /** The path as the client sent it; {@link #PATH} is normalised (Cloudflare's name and meaning). */
    RAW_PATH("raw.http.request.uri.path", Type.BYTES),
    QUERY("http.request.uri.query", Type.BYTES),
    FULL_URI("http.request.full_uri", Type.BYTES),
    HOST("http.host", Type.BYTES),
    USER_AGENT("http.user_agent", Type.BYTES),
    REFERER("http.referer", Type.BYTES),
    COOKIE("http.cookie", Type.BYTES),
    X_FORWARDED_FOR("http.x_forwarded_for", Type.BYTES),
    VERSION("http.request.version", Type.BYTES),
    HEADERS("http.request.headers", Type.mapOf(Type.arrayOf(Type.BYTES))),
    HEADER_NAMES("http.request.headers.names", Type.arrayOf(Type.BYTES)),
    HEADER_VALUES("http.request.headers.values", Type.arrayOf(Type.BYTES)),
    CLIENT_IP("ip.src", Type.IP),
    SSL("ssl", Type.BOOL),
    DESTINATION_PORT("tcp.dstport", Type.INT);

    /** The text fields, which the context copies lazily; their ordinals come first. */
    public static final int TEXT_FIELDS = VERSION.ordinal() + 1;

    private final String fieldName;
    private final Type type;

    RequestField(String fieldName, Type type) {
        this.fieldName = fieldName;
        this.type = type;
    }

    public String fieldName() {
        return fieldName;
    }

    public Type type() {
        return type;
    }

    public boolean isText() {
        return ordinal() < TEXT_FIELDS;
    }
}
