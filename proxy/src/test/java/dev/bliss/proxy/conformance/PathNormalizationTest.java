package dev.bliss.proxy.conformance;

import static org.junit.jupiter.api.Assertions.assertEquals;

import dev.bliss.proxy.testing.RawHttp2;
import dev.bliss.proxy.testing.RecordingOrigin;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;
import org.junit.jupiter.params.provider.ValueSource;

/**
 * Rules see the normalised path (the defect 2): every spelling of {@code /admin} is
 * blocked by a rule on {@code http.request.uri.path eq "/admin"}, over HTTP/1.1 and HTTP/2; the
 * origin gets the normalised path; {@code raw.http.request.uri.path} is the path as sent.
 */
class PathNormalizationTest {

    @RegisterExtension
    static final ConformanceLab bliss = new ConformanceLab();
    private int stream = 1;

    private static final String[] ADMIN = {"/admin", "//admin", "/%61dmin", "/%61%64%6D%69%6E", "/./admin", "/x/../admin",
            "/%2e/admin", "/%2E%2E/admin", "/\\admin", "/x/%2e%2e/admin", "/b/c/../../admin", "///x//..//admin"};

    @ParameterizedTest
    @ValueSource(strings = {"/admin", "//admin", "/%61dmin", "/%61%64%6D%69%6E", "/./admin", "/x/../admin", "/%2e/admin",
            "/%2E%2E/admin", "/\\admin", "/x/%2e%2e/admin", "///x//..//admin", "/admin?x=1"})
    void shouldBlockEverySpellingOfTheAdminPathOverHttp11(String target) throws Exception {
        assertEquals(403, bliss.send("GET " + target + " HTTP/1.1\r\nHost: a\r\n\r\n").status(), target);
        bliss.assertNothingReachedOrigin();
    }

    @Test
    void shouldBlockEverySpellingOfTheAdminPathOverHttp2() throws Exception {
        try (RawHttp2 h2 = bliss.http2()) {
            for (String target : ADMIN) {
                int id = stream += 2;
                h2.headers(id, RawHttp2.request("GET", "a", target), true);
                assertEquals(403, h2.response(id).status(), target);
            }
        }
        bliss.assertNothingReachedOrigin();
    }

    @ParameterizedTest
    @CsvSource(delimiter = ' ', value = {
            "/a//b/./c/../d?x=%2e /a/b/d?x=%2e",
            "/%7euser/%41%2d%5F /~user/A-_",
            "/a%2fb /a%2Fb",
            "/a%2F%2Fb /a%2F%2Fb",
            "/a/%2F/../b /a/b",
            "/../../a /a",
            "/a\\b\\..\\c /a/c",
            "/a/b/.. /a/",
            "/. /",
            "/%25 /%25"})
    void shouldForwardTheNormalisedPath(String sent, String forwarded) throws Exception {
        assertEquals(200, bliss.send("GET " + sent + " HTTP/1.1\r\nHost: a\r\n\r\n").status());
        assertEquals(forwarded, bliss.origin().awaitRequest().target());
    }

    @Test
    void shouldForwardTheNormalisedPathOverHttp2() throws Exception {
        try (RawHttp2 h2 = bliss.http2()) {
            h2.headers(1, RawHttp2.request("GET", "a", "/x/..//%7Ey?q"), true);
            assertEquals(200, h2.response(1).status());
        }
        assertEquals("/~y?q", bliss.origin().awaitRequest().target());
    }

    @Test
    void shouldNotTakeAnEncodedSlashForASegmentBoundary() throws Exception {
        // "..%2F.." is one segment, not two dot segments: the path stays below /admin/x
        assertEquals(200, bliss.send("GET /admin/x/..%2F..%2Fy HTTP/1.1\r\nHost: a\r\n\r\n").status());
        assertEquals("/admin/x/..%2F..%2Fy", bliss.origin().awaitRequest().target());
        assertEquals(200, bliss.send("GET /%2Fadmin HTTP/1.1\r\nHost: a\r\n\r\n").status());
        assertEquals("/%2Fadmin", bliss.origin().awaitRequest().target(), "not merged into /admin");
    }

    @ParameterizedTest
    @ValueSource(strings = {"/%zz", "/%4", "/a%", "/a%00b", "/%0"})
    void shouldRefuseMalformedEscapes(String target) throws Exception {
        bliss.assertRefused("GET " + target + " HTTP/1.1\r\nHost: a\r\n\r\n", 400);
    }

    @Test
    void shouldLetRulesReadTheRawPath() throws Exception {
        // the rule on raw.http.request.uri.path eq "/%61dmin-raw"; its normal form /admin-raw matches no rule
        assertEquals(403, bliss.send("GET /%61dmin-raw HTTP/1.1\r\nHost: a\r\n\r\n").status());
        assertEquals(200, bliss.send("GET /admin-raw HTTP/1.1\r\nHost: a\r\n\r\n").status());
        assertEquals("/admin-raw", bliss.origin().awaitRequest().target());
    }
}
