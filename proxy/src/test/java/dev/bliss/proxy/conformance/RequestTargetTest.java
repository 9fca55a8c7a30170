package dev.bliss.proxy.conformance;

import static org.junit.jupiter.api.Assertions.assertEquals;

import dev.bliss.proxy.testing.RawHttp;
import dev.bliss.proxy.testing.RecordingOrigin;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/**
 * Request targets and Host, RFC 9112 §3.2 and §3.2.2: one host for rules, routing and the
 * origin; only origin-form and http(s) absolute-form targets; no fragments, no bytes outside
 * visible ASCII; TRACE refused by default; versions other than 1.x refused.
 */
class RequestTargetTest {

    @RegisterExtension
    static final ConformanceLab bliss = new ConformanceLab().edit(yaml -> yaml
            .replace("routes:\n", "routes:\n  - host: routed.example\n    path_prefix: /\n    upstream: nowhere\n")
            .replace("upstreams:\n", "upstreams:\n  nowhere:\n    origins: [\"http://127.0.0.1:1\"]\n"));

    // ---- Host (RFC 9112 §3.2, RFC 9110 §7.2)

    @Test
    void shouldRefuseAnHttp11RequestWithoutHost() throws Exception {
        bliss.assertRefused("GET / HTTP/1.1\r\n\r\n", 400);
    }

    @Test
    void shouldRefuseTwoHosts() throws Exception {
        bliss.assertRefused("GET / HTTP/1.1\r\nHost: a.example\r\nHost: internal.example\r\n\r\n", 400);
    }

    @ParameterizedTest
    @ValueSource(strings = {"a b", "a/b", "u@a", "a:x", "a:123456", "a:65536", "[::1", "[zz]", "a,b", "a%2eb", "", ":80"})
    void shouldRefuseAHostThatIsNotAnAuthority(String host) throws Exception {
        bliss.assertRefused("GET / HTTP/1.1\r\nHost: " + host + "\r\n\r\n", 400);
    }

    @ParameterizedTest
    @ValueSource(strings = {"a.example", "a.example:8080", "127.0.0.1:80", "[::1]:443", "[2001:db8::1]", "A-b_c~d.Example", "a:"})
    void shouldPassAValidHostUnchanged(String host) throws Exception {
        assertEquals(200, bliss.send("GET /h HTTP/1.1\r\nHost: " + host + "\r\n\r\n").status());
        assertEquals(host, bliss.origin().awaitRequest().header("host"));
    }

    @Test
    void shouldPassAnHttp10RequestWithoutHost() throws Exception {
        assertEquals(200, bliss.send("GET /old HTTP/1.0\r\n\r\n").status());
        RecordingOrigin.Request seen = bliss.origin().awaitRequest();
        assertEquals("GET /old HTTP/1.1", seen.requestLine());
        assertEquals("127.0.0.1:" + bliss.origin().port(), seen.header("host"), "the origin's own address stands in");
    }

    // ---- absolute-form (RFC 9112 §3.2.2)

    @Test
    void shouldLetTheAbsoluteFormsAuthorityReplaceHostForTheOrigin() throws Exception {
        assertEquals(200, bliss.send("GET http://public.example/x?q=1 HTTP/1.1\r\nHost: other.example\r\n\r\n").status());
        RecordingOrigin.Request seen = bliss.origin().awaitRequest();
        assertEquals("GET /x?q=1 HTTP/1.1", seen.requestLine(), "origin-form to the origin");
        assertEquals("public.example", seen.header("host"), "one Host, the target's");
        assertEquals("public.example", seen.header("x-forwarded-host"));
    }

    @Test
    void shouldLetRulesSeeTheAbsoluteFormsAuthority() throws Exception {
        RawHttp.Response r = bliss.send("GET http://internal.example/x HTTP/1.1\r\nHost: public.example\r\n\r\n");
        assertEquals(403, r.status(), "the rule on http.host eq \"internal.example\" blocks");
        bliss.assertNothingReachedOrigin();
    }

    @Test
    void shouldRouteByTheAbsoluteFormsAuthority() throws Exception {
        // routed.example goes to an upstream that cannot be reached: 502 proves the route was taken
        RawHttp.Response r = bliss.send("GET http://routed.example/x HTTP/1.1\r\nHost: public.example\r\n\r\n");
        assertEquals(502, r.status());
        bliss.assertNothingReachedOrigin();
    }

    @Test
    void shouldGiveTheAbsoluteFormWithoutAPathTheRootPath() throws Exception {
        assertEquals(200, bliss.send("GET HTTPS://public.example?a=b HTTP/1.1\r\nHost: public.example\r\n\r\n").status());
        assertEquals("GET /?a=b HTTP/1.1", bliss.origin().awaitRequest().requestLine());
    }

    @Test
    void shouldAcceptAnAbsoluteFormWithoutHost() throws Exception {
        assertEquals(200, bliss.send("GET http://public.example/y HTTP/1.1\r\n\r\n").status());
        assertEquals("public.example", bliss.origin().awaitRequest().header("host"));
    }

    @ParameterizedTest
    @ValueSource(strings = {"http://u@public.example/", "http:///x", "http://a b/", "ftp://public.example/", "http:/x"})
    void shouldRefuseAnAbsoluteFormWithABadAuthorityOrScheme(String target) throws Exception {
        bliss.assertRefused("GET " + target + " HTTP/1.1\r\nHost: public.example\r\n\r\n", 400);
    }

    // ---- other forms, fragments, bytes (RFC 9112 §3.2)

    @Test
    void shouldRefuseTheAsteriskForm() throws Exception {
        bliss.assertRefused("OPTIONS * HTTP/1.1\r\nHost: a\r\n\r\n", 400);
    }

    @Test
    void shouldRefuseTheAuthorityFormOfConnect() throws Exception {
        bliss.assertRefused("CONNECT internal.example:443 HTTP/1.1\r\nHost: internal.example:443\r\n\r\n", 400);
    }

    @Test
    void shouldRefuseAFragment() throws Exception {
        bliss.assertRefused("GET /a#b HTTP/1.1\r\nHost: a\r\n\r\n", 400);
    }

    @Test
    void shouldRefuseATargetWithBytesOutsideVisibleAscii() throws Exception {
        // UTF-8 é, raw: nginx passes such bytes on; Netty would re-encode them (é -> Ã©) for the origin
        bliss.assertRefused("GET /caf\u00c3\u00a9 HTTP/1.1\r\nHost: a\r\n\r\n", 400);
    }

    @Test
    void shouldPassAPercentEncodedNonAsciiTargetAsSent() throws Exception {
        assertEquals(200, bliss.send("GET /caf%C3%A9 HTTP/1.1\r\nHost: a\r\n\r\n").status());
        assertEquals("/caf%C3%A9", bliss.origin().awaitRequest().target());
    }

    // ---- methods and versions

    @Test
    void shouldAnswerTrace405() throws Exception {
        bliss.assertRefused("TRACE / HTTP/1.1\r\nHost: a\r\n\r\n", 405);
    }

    @Test
    void shouldAnswerAnHttp2VersionOnAnHttp1Connection505() throws Exception {
        bliss.assertRefused("GET / HTTP/2.0\r\nHost: a\r\n\r\n", 505);
    }
}
