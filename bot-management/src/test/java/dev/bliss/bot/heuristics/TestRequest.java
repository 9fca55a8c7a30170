package dev.bliss.bot.heuristics;

import dev.bliss.plugin.IpAddress;
import dev.bliss.plugin.SyntheticRequest;

/** Requests for the heuristics' tests: the plugin API's {@link SyntheticRequest}, as browsers send them. */
final class TestRequest {

    private TestRequest() {
    }

    /** A browser navigation over TLS with the usual headers and this user agent. */
    static SyntheticRequest browser(String userAgent) {
        return new SyntheticRequest()
                .host("example.com")
                .tls(true)
                .localPort(443)
                .clientAddress(IpAddress.of("192.0.2.10"))
                .header("host", "example.com")
                .header("user-agent", userAgent)
                .header("accept", "text/html,application/xhtml+xml,application/xml;q=0.9,*/*;q=0.8")
                .header("accept-language", "en-US,en;q=0.9")
                .header("accept-encoding", "gzip, deflate, br");
    }
}
