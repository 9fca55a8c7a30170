package dev.bliss.bot.heuristics;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;

import dev.bliss.plugin.ProtocolVersion;
import dev.bliss.plugin.SyntheticRequest;
import java.util.Arrays;
import org.junit.jupiter.api.Test;

/** The two header rules fire for browser-like user agents only, and spare WebSocket handshakes. */
class HeaderAnomalyRulesTest {

    private static final String FIREFOX = "Mozilla/5.0 (X11; Linux x86_64; rv:156.0) Gecko/20100101 Firefox/156.0";

    private final UserAgentHeuristics heuristics = ShippedFiles.heuristics().userAgents();
    private final HeuristicsVerdict verdict = heuristics.newVerdict();

    @Test
    void shouldReportABrowserUserAgentWithoutAccept() {
        assertIds(TestRequest.browser(FIREFOX).removeHeader("accept"), 201);
    }

    @Test
    void shouldSpareWebSocketHandshakesWithoutAccept() {
        assertIds(TestRequest.browser(FIREFOX).removeHeader("accept").header("upgrade", "websocket"));
        assertIds(TestRequest.browser(FIREFOX).removeHeader("accept").method("CONNECT").version(ProtocolVersion.HTTP_2));
    }

    @Test
    void shouldReportABrowserUserAgentOverHttp10() {
        assertIds(TestRequest.browser(FIREFOX).version(ProtocolVersion.HTTP_1_0), 202);
        assertIds(TestRequest.browser(FIREFOX).removeHeader("accept").version(ProtocolVersion.HTTP_1_0), 201, 202);
    }

    @Test
    void shouldLeaveHeaderRulesToBrowserLikeUserAgents() {
        // curl sends Accept: */* but a script may not; either way the UA rules already say why.
        assertIds(TestRequest.browser("curl/8.5.0").removeHeader("accept").version(ProtocolVersion.HTTP_1_0), 101, 123);
    }

    @Test
    void shouldSkipHeaderRulesWithoutARequest() {
        heuristics.classify(FIREFOX, verdict);
        assertArrayEquals(new int[0], Arrays.copyOf(verdict.detectionIds(), verdict.count()));
    }

    private void assertIds(SyntheticRequest request, int... expected) {
        heuristics.classify(request.header("user-agent"), request, verdict);
        assertArrayEquals(expected, Arrays.copyOf(verdict.detectionIds(), verdict.count()), verdict::toString);
    }
}
