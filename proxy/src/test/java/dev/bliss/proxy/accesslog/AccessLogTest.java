package dev.bliss.proxy.accesslog;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.bliss.proxy.ProxyServer;
import dev.bliss.proxy.testing.Proxies;
import dev.bliss.proxy.testing.RawHttp;
import dev.bliss.proxy.testing.TestOrigin;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** The access log gets one JSON line per request, with the rule that decided it. */
class AccessLogTest {

    @TempDir
    Path dir;

    @Test
    void shouldWriteOneLinePerRequestWithTheDecidingRule() throws Exception {
        Files.writeString(dir.resolve("rules.yaml"), """
                rules:
                  - {id: no-admin, expression: 'http.request.uri.path eq "/admin"', action: block}
                """);
        Path log = dir.resolve("access.log");
        try (TestOrigin origin = new TestOrigin()) {
            ProxyServer proxy = ProxyServer.start(Proxies.options(Proxies.singleOrigin(origin.url(),
                    "rules: rules.yaml\naccess_log:\n  enabled: true\n  path: access.log\n"), dir));
            try (RawHttp client = new RawHttp(proxy.port(0))) {
                assertEquals(200, client.exchange("GET /ok HTTP/1.1\r\nHost: shop.example").status());
                assertEquals(403, client.exchange("GET /admin HTTP/1.1\r\nHost: shop.example").status());
            }
            proxy.close(); // flushes the log
        }
        List<String> lines = Files.readAllLines(log);
        assertEquals(2, lines.size(), String.join("\n", lines));
        assertTrue(lines.get(0).contains("\"uri\":\"/ok\"") && lines.get(0).contains("\"status\":200"), lines.get(0));
        assertTrue(lines.get(1).contains("\"status\":403") && lines.get(1).contains("\"rule_id\":\"no-admin\"")
                && lines.get(1).contains("\"action\":\"block\"") && lines.get(1).contains("\"client\":\"127.0.0.1\""), lines.get(1));
    }
}
