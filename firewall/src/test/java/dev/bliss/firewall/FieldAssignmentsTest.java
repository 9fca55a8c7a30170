package dev.bliss.firewall;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.bliss.plugin.ProtocolVersion;
import dev.bliss.plugin.field.Fields;
import java.util.List;
import org.junit.jupiter.api.Test;

/** {@code --field name=value} parsed by the field's type, onto a request or a field table. */
class FieldAssignmentsTest {

    private final TestFixture fixture = new TestFixture();

    private boolean eval(String expression, String... assignments) throws FilterException {
        FieldAssignments a = FieldAssignments.parse(List.of(assignments), fixture.scheme);
        Fields f = fixture.scheme.newTable();
        a.applyTo(f);
        return Filter.compile(expression, fixture.scheme).newMatcher().matches(a.request(), f);
    }

    @Test
    void shouldParseDetectorFieldsByType() throws FilterException {
        assertTrue(eval("bot.score eq 12 and not bot.verified and test.ratio lt 1 and test.peer eq 2001:db8::1",
                "bot.score=12", "bot.verified=false", "test.ratio=0.5", "test.peer=2001:db8::1"));
        assertTrue(eval("any(bot.detection_ids[*] eq 2) and len(bot.detection_ids) eq 3", "bot.detection_ids=1,2,3"));
        assertTrue(eval("len(bot.detection_ids) eq 0", "bot.detection_ids="));
        assertTrue(eval("bot.ja4 eq \"t13d=x\"", "bot.ja4=t13d=x"));
        assertTrue(eval("cf.bot_management.score lt 30", "cf.bot_management.score=5"));
    }

    @Test
    void shouldBuildTheRequestFromRequestFields() throws FilterException {
        assertTrue(eval("http.user_agent eq \"curl/8.0\" and http.request.method eq \"PUT\" and ip.src in {10.0.0.0/8}"
                        + " and ssl and tcp.dstport eq 8443 and http.request.version eq \"HTTP/1.0\"",
                "http.user_agent=curl/8.0", "http.request.method=PUT", "ip.src=10.1.2.3", "ssl=true",
                "tcp.dstport=8443", "http.request.version=HTTP/1.0"));
        assertTrue(eval("http.request.full_uri eq \"https://example.com/a/b?c=1\" and http.request.uri.path eq \"/a/b\""
                        + " and http.host eq \"example.com\" and http.request.uri.query eq \"c=1\"",
                "http.request.full_uri=https://example.com/a/b?c=1"));
        assertTrue(eval("any(http.request.headers[\"accept\"][*] eq \"text/html\") and http.cookie eq \"a=1\"",
                "http.request.headers[Accept]=text/html", "http.cookie=a=1"));
        assertTrue(eval("http.user_agent eq \"\\xc3\\xa9\"", "http.user_agent=é"), "non-ASCII values are their UTF-8 bytes");
        assertFalse(eval("ip.src eq 1.2.3.4"), "ip.src is missing unless given");
        FieldAssignments a = FieldAssignments.parse(List.of("http.request.version=HTTP/2"), fixture.scheme);
        assertEquals(ProtocolVersion.HTTP_2, a.request().version());
    }

    @Test
    void shouldExplainBadAssignments() {
        assertEquals("--field bot.score=abc: expected an Int, got \"abc\"", message("bot.score=abc"));
        assertEquals("--field bot.verified=yes: expected true or false, got \"yes\"", message("bot.verified=yes"));
        assertEquals("--field ip.src=1.2.3: expected an IP address, got \"1.2.3\"", message("ip.src=1.2.3"));
        assertEquals("--field bot.scor=1: unknown field; did you mean bot.score or bot.score_source?", message("bot.scor=1"));
        assertEquals("--field bot.score: expected name=value", message("bot.score"));
        assertEquals("--field bot.detection_ids=1,x: expected an Int, got \"x\"", message("bot.detection_ids=1,x"));
        assertEquals("--field http.request.version=HTTP/3: expected HTTP/1.0, HTTP/1.1 or HTTP/2, got \"HTTP/3\"",
                message("http.request.version=HTTP/3"));
    }

    private String message(String assignment) {
        return assertThrows(IllegalArgumentException.class, () -> FieldAssignments.parse(List.of(assignment), fixture.scheme)).getMessage();
    }
}
