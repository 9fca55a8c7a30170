package dev.bliss.proxy.exchange;

import dev.bliss.firewall.action.LocalResponse;
import dev.bliss.proxy.config.RequestOptions;
import io.netty.handler.codec.http.HttpHeaderNames;
import io.netty.handler.codec.http.HttpHeaders;
import io.netty.handler.codec.http.HttpMethod;
import io.netty.handler.codec.http.HttpRequest;
import io.netty.handler.codec.http.HttpVersion;
import io.netty.util.AsciiString;
import java.util.Iterator;
import java.util.Map;

/**
 * The stage that decides whether a decoded request head is one bliss passes on, before anything
 * else reads it: what the codec accepts is wider than what an origin behind a proxy may safely
 * be given, and a head two parsers can read two ways is how requests are smuggled.
 *
 * <p>Refused, with the connection closed after the answer (its framing cannot be trusted):
 *
 * <ul>
 *   <li><b>framing</b> (RFC 9112 §6.1, §6.3): Transfer-Encoding on HTTP/1.0 (400); more than one
 *       Transfer-Encoding line (400); Transfer-Encoding with Content-Length (400; over HTTP/1.1
 *       the codec already refuses it, {@code listener.Http1ServerCodec}); any coding but exactly
 *       {@code chunked} (501, as nginx answers {@code chunked, identity} or {@code xchunked});</li>
 *   <li><b>Host</b> (RFC 9112 §3.2, RFC 9110 §7.2): none on HTTP/1.1 (400), two (400; over
 *       HTTP/2 a Host equal to :authority is the same host), or one that is not an authority ({@code host[:port]}, a reg-name, IPv4 or bracketed IPv6; 400);</li>
 *   <li><b>the target</b> (RFC 9112 §3.2): other than origin-form or http(s) absolute-form
 *       (asterisk, authority-form, 400); a fragment {@code #} (400); anything outside visible
 *       ASCII (400: nginx passes such bytes on, Netty would re-encode them, and an origin could
 *       read them either way); a path {@link PathNormalizer} cannot normalise (400);</li>
 *   <li><b>the version</b>: HTTP/1.x only on an HTTP/1 connection (505 to {@code HTTP/2.0} or
 *       {@code HTTP/9.9} in a request line, which Netty's codec accepts);</li>
 *   <li><b>TRACE</b>: 405 unless {@code requests.allow_trace}.</li>
 * </ul>
 *
 * Passed on, changed: an absolute-form target's authority replaces Host (RFC 9112 §3.2.2), so
 * rules, routing and the origin see one host; header names with an underscore are dropped unless
 * {@code requests.underscores_in_headers} (nginx's default: CGI/WSGI origins map
 * {@code x_bot_score} onto {@code x-bot-score}).
 *
 * <p>One pass over the header block counts Host, Transfer-Encoding and Content-Length and notes
 * underscore names; a valid head allocates nothing here. One per event loop.
 */
final class RequestHeadCheck {

    private final LocalAnswers answers;
    private final PathNormalizer normalizer = new PathNormalizer();
    private final boolean allowTrace;
    private final boolean keepUnderscores;
    private CharSequence[] underscored = new CharSequence[4];

    RequestHeadCheck(LocalAnswers answers, RequestOptions options) {
        this.answers = answers;
        this.allowTrace = options.allowTrace();
        this.keepUnderscores = options.underscoresInHeaders();
    }

    /** @return whether the request goes on; when not, it has been answered */
    boolean admits(Exchange e) {
        HttpRequest request = e.request;
        boolean http2 = e.client.info().http2;
        if (!http2 && request.protocolVersion().majorVersion() != 1) {
            return refuse(e, LocalAnswers.VERSION_NOT_SUPPORTED, "version_not_supported");
        }
        if (request.method() == HttpMethod.TRACE && !allowTrace) {
            return refuse(e, LocalAnswers.TRACE_NOT_ALLOWED, "trace_not_allowed");
        }
        String uri = request.uri();
        if (uri == null || !isVisibleAscii(uri) || uri.indexOf('#') >= 0) { // null: an HTTP/2 CONNECT has no :path
            return refuse(e, LocalAnswers.BAD_TARGET, "bad_target");
        }
        RequestTarget target = e.view.target();
        if (!target.parse(uri, normalizer)) {
            return refuse(e, LocalAnswers.BAD_TARGET, "bad_target");
        }

        HttpHeaders headers = request.headers();
        int hosts = 0;
        int codings = 0;
        int lengths = 0;
        int underscores = 0;
        Iterator<Map.Entry<CharSequence, CharSequence>> it = headers.iteratorCharSequence();
        while (it.hasNext()) {
            CharSequence name = it.next().getKey();
            switch (name.length()) {
                case 4 -> hosts += AsciiString.contentEqualsIgnoreCase(name, HttpHeaderNames.HOST) ? 1 : 0;
                case 14 -> lengths += AsciiString.contentEqualsIgnoreCase(name, HttpHeaderNames.CONTENT_LENGTH) ? 1 : 0;
                case 17 -> codings += AsciiString.contentEqualsIgnoreCase(name, HttpHeaderNames.TRANSFER_ENCODING) ? 1 : 0;
                default -> { }
            }
            if (!keepUnderscores && AsciiString.indexOf(name, '_', 0) >= 0) {
                if (underscores == underscored.length) {
                    underscored = java.util.Arrays.copyOf(underscored, underscores * 2);
                }
                underscored[underscores++] = name;
            }
        }
        for (int i = 0; i < underscores; i++) {
            headers.remove(underscored[i]);
            underscored[i] = null;
        }

        if (codings > 0 && !http2) {
            if (codings > 1 || lengths > 0 || request.protocolVersion() == HttpVersion.HTTP_1_0) {
                return refuse(e, LocalAnswers.BAD_FRAMING, "bad_framing");
            }
            String coding = headers.get(HttpHeaderNames.TRANSFER_ENCODING);
            if (!"chunked".equalsIgnoreCase(coding)) {
                return refuse(e, LocalAnswers.UNKNOWN_CODING, "unknown_transfer_coding");
            }
        }

        if (hosts > 1) {
            // HTTP/2 may carry both :authority (the stream codec turns it into Host) and a Host
            // header (RFC 9113 §8.3.1); equal, they are one host; anything else is two
            if (!http2 || hosts > 2 || !sameHost(headers)) {
                return refuse(e, LocalAnswers.BAD_HOST, "bad_host");
            }
        }
        if (target.absolute()) {
            if (!isAuthority(target.authority)) {
                return refuse(e, LocalAnswers.BAD_HOST, "bad_host");
            }
            headers.set(HttpHeaderNames.HOST, target.authority.toString());
            e.view.host(headers.get(HttpHeaderNames.HOST));
        } else if (hosts == 0) {
            if (http2 || request.protocolVersion() != HttpVersion.HTTP_1_0) {
                return refuse(e, LocalAnswers.BAD_HOST, "bad_host");
            }
        } else if (!isAuthority(e.view.host())) {
            return refuse(e, LocalAnswers.BAD_HOST, "bad_host");
        }
        return true;
    }

    /** Whether the two Host values are one host, which then stays once (allocates: rare). */
    private static boolean sameHost(HttpHeaders headers) {
        java.util.List<String> values = headers.getAll(HttpHeaderNames.HOST);
        if (!values.get(0).equalsIgnoreCase(values.get(1))) {
            return false;
        }
        headers.set(HttpHeaderNames.HOST, values.get(0));
        return true;
    }

    private boolean refuse(Exchange e, LocalResponse response, String reason) {
        e.clientKeepAlive = false; // what follows this head on the connection cannot be trusted
        answers.refused(e, response, reason);
        return false;
    }

    private static boolean isVisibleAscii(String s) {
        for (int i = 0, n = s.length(); i < n; i++) {
            char c = s.charAt(i);
            if (c <= ' ' || c >= 0x7F) {
                return false;
            }
        }
        return true;
    }

    /**
     * Whether {@code s} is {@code host [":" port]} (RFC 3986 §3.2.2): a reg-name of unreserved
     * characters (no userinfo, no percent-encoding, no sub-delims: no origin needs them in a
     * Host, and each is a way to make two parsers disagree), an IPv4 address (a reg-name by this
     * grammar) or a bracketed IPv6 literal; the port at most five digits, 65535 at most.
     */
    static boolean isAuthority(CharSequence s) {
        int n = s == null ? 0 : s.length();
        if (n == 0) {
            return false;
        }
        int i = 0;
        if (s.charAt(0) == '[') {
            i = 1;
            while (i < n && s.charAt(i) != ']') {
                char c = s.charAt(i);
                if (!(isHexDigit(c) || c == ':' || c == '.')) {
                    return false;
                }
                i++;
            }
            if (i == n || i == 1) {
                return false;
            }
            i++;
        } else {
            while (i < n && s.charAt(i) != ':') {
                char c = s.charAt(i);
                if (!((c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') || (c >= '0' && c <= '9')
                        || c == '-' || c == '.' || c == '_' || c == '~')) {
                    return false;
                }
                i++;
            }
            if (i == 0) {
                return false;
            }
        }
        if (i == n) {
            return true;
        }
        if (s.charAt(i) != ':') {
            return false;
        }
        int port = 0;
        int digits = 0;
        for (i++; i < n; i++) {
            char c = s.charAt(i);
            if (c < '0' || c > '9' || ++digits > 5) {
                return false;
            }
            port = port * 10 + (c - '0');
        }
        return port <= 65535;
    }

    private static boolean isHexDigit(char c) {
        return (c >= '0' && c <= '9') || (c >= 'a' && c <= 'f') || (c >= 'A' && c <= 'F');
    }
}
