package dev.bliss.firewall.action;

import java.nio.charset.StandardCharsets;

/**
 * A response the proxy sends itself, without contacting the origin: for {@code block} rules (as
 * configured) and challenges, and the proxy's own answers (404, 413, 502, …). Immutable.
 *
 * <p>The body is a template: {@value #REQUEST_ID} becomes the request's id and {@value #RULE_ID}
 * the deciding rule's id (empty when no rule decided), so a visitor can quote the reference and
 * the operator find the request in the access and detection logs, as Cloudflare's Ray ID is
 * used. Substituted values are escaped for the content type (HTML and XML: {@code & < > " '};
 * JSON: {@code " \}), so a request id from a trusted balancer cannot inject markup. Any other
 * {@code ${…}} is refused when the response is made.
 */
public record LocalResponse(int status, String contentType, String body) {

    public static final String REQUEST_ID = "${request_id}";
    public static final String RULE_ID = "${rule_id}";

    public static final int DEFAULT_BLOCK_STATUS = 403;
    public static final String DEFAULT_CONTENT_TYPE = "text/plain; charset=utf-8";
    public static final String DEFAULT_BLOCK_BODY = "Forbidden: this request was blocked by the firewall.\nrequest id: "
            + REQUEST_ID + "\n";

    /** The default answer of a {@code block} rule. */
    public static final LocalResponse DEFAULT_BLOCK = new LocalResponse(DEFAULT_BLOCK_STATUS, DEFAULT_CONTENT_TYPE, DEFAULT_BLOCK_BODY);

    private enum Escaping { NONE, MARKUP, JSON }

    public LocalResponse {
        if (status < 100 || status > 599) {
            throw new IllegalArgumentException("status must be between 100 and 599, got " + status);
        }
        for (int at = body.indexOf("${"); at >= 0; at = body.indexOf("${", at + 2)) {
            if (!body.startsWith(REQUEST_ID, at) && !body.startsWith(RULE_ID, at)) {
                int end = body.indexOf('}', at);
                throw new IllegalArgumentException("unknown placeholder " + (end < 0 ? body.substring(at) : body.substring(at, end + 1))
                        + " in body; the known ones are " + REQUEST_ID + " and " + RULE_ID);
            }
        }
    }

    /** The body with its placeholders replaced, encoded as UTF-8 (a new array each call). */
    public byte[] render(CharSequence requestId, CharSequence ruleId) {
        if (body.indexOf("${") < 0) {
            return body.getBytes(StandardCharsets.UTF_8);
        }
        Escaping escaping = escaping(contentType);
        StringBuilder out = new StringBuilder(body.length() + 64);
        int from = 0;
        for (int at = body.indexOf("${"); at >= 0; at = body.indexOf("${", from)) {
            out.append(body, from, at);
            boolean request = body.startsWith(REQUEST_ID, at);
            append(out, request ? requestId : ruleId, escaping);
            from = at + (request ? REQUEST_ID.length() : RULE_ID.length());
        }
        out.append(body, from, body.length());
        return out.toString().getBytes(StandardCharsets.UTF_8);
    }

    /** The body encoded as UTF-8, placeholders as written (a new array each call). */
    public byte[] bodyBytes() {
        return body.getBytes(StandardCharsets.UTF_8);
    }

    private static Escaping escaping(String contentType) {
        String t = contentType.toLowerCase(java.util.Locale.ROOT);
        if (t.contains("html") || t.contains("xml")) {
            return Escaping.MARKUP;
        }
        return t.contains("json") ? Escaping.JSON : Escaping.NONE;
    }

    private static void append(StringBuilder out, CharSequence value, Escaping escaping) {
        if (value == null) {
            return;
        }
        for (int i = 0; i < value.length(); i++) {
            char c = value.charAt(i);
            switch (escaping) {
                case MARKUP -> {
                    switch (c) {
                        case '&' -> out.append("&amp;");
                        case '<' -> out.append("&lt;");
                        case '>' -> out.append("&gt;");
                        case '"' -> out.append("&quot;");
                        case '\'' -> out.append("&#39;");
                        default -> out.append(c);
                    }
                }
                case JSON -> {
                    if (c == '"' || c == '\\') {
                        out.append('\\');
                    }
                    out.append(c);
                }
                case NONE -> out.append(c);
            }
        }
    }
}
