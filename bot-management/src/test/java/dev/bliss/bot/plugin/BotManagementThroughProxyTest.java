package dev.bliss.bot.plugin;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.bliss.plugin.IpAddress;
import dev.bliss.plugin.config.ConfigException;
import dev.bliss.proxy.ProxyServer;
import dev.bliss.proxy.testing.Proxies;
import dev.bliss.proxy.testing.RawHttp;
import dev.bliss.proxy.testing.TestOrigin;
import dev.bliss.store.schema.DimensionKeys;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.util.Map;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Bot management in the real proxy, with a real feature store and a real CatBoost model: the
 * score the origin receives, heuristics, verified and fake bots, fingerprints from a trusted
 * balancer, fallbacks when the store is missing or foreign, model errors, and a firewall rule on
 * the score. Client addresses come through X-Forwarded-For from the trusted loopback peer.
 */
class BotManagementThroughProxyTest {

    private static final String BROWSER = "User-Agent: Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 "
            + "(KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36\r\nAccept: text/html\r\nAccept-Language: en";
    private static final String BUSY_CLIENT = "203.0.113.7";
    private static final String NEW_CLIENT = "198.51.100.1";

    @TempDir
    java.nio.file.Path dir;

    private final TestOrigin origin = new TestOrigin();
    private ProxyServer proxy;

    @AfterEach
    void stop() {
        if (proxy != null) {
            proxy.close();
        }
        origin.close();
    }

    private BotLab labWithBusyClient() throws Exception {
        BotLab lab = new BotLab(dir);
        IpAddress busy = IpAddress.of(BUSY_CLIENT);
        lab.publish(lab.schema.hash(), Map.of(DimensionKeys.clientIp(busy.high(), busy.low()), 50f));
        return lab;
    }

    private void start(BotLab lab, String rules) throws Exception {
        proxy = ProxyServer.start(Proxies.options(lab.blissYaml(origin.url(), rules, ""), dir));
    }

    private RawHttp.Response get(String client, String headers) throws Exception {
        return get("/page", client, headers);
    }

    private RawHttp.Response get(String path, String client, String headers) throws Exception {
        try (RawHttp c = new RawHttp(proxy.port(0))) {
            return c.exchange("GET " + path + " HTTP/1.1\r\nHost: shop.example\r\nX-Forwarded-For: " + client + "\r\n" + headers);
        }
    }

    private String metrics() throws Exception {
        return HttpClient.newHttpClient().send(HttpRequest.newBuilder(URI.create("http://127.0.0.1:" + proxy.adminPort()
                + "/metrics")).build(), HttpResponse.BodyHandlers.ofString()).body();
    }

    @Test
    void shouldSendTheModelsScoreOverStoreFeaturesToTheOrigin() throws Exception {
        start(labWithBusyClient(), "rules: []\n");
        assertEquals(200, get(BUSY_CLIENT, BROWSER).status());
        assertEquals(String.valueOf(BotLab.AUTOMATED_SCORE), origin.next().headers().get("x-bot-score"));
        assertEquals(200, get(NEW_CLIENT, BROWSER).status());
        assertEquals(String.valueOf(BotLab.HUMAN_SCORE), origin.next().headers().get("x-bot-score"));
        assertTrue(metrics().contains("bliss_bot_scored_total{source=\"machine_learning\"} 2.0"));
    }

    @Test
    void shouldLetRulesReadTheStoresFeaturesAsFloatFields() throws Exception {
        start(labWithBusyClient(), """
                rules:
                  - {id: many-agents, expression: 'bot.features.ip.distinct_ua_10m gt 40', action: block}
                  - {id: has-headers, expression: 'bot.features.header_count ge 2 and bot.features.client_hints_agree eq 0', action: log}
                """);
        assertEquals(403, get(BUSY_CLIENT, BROWSER).status(), "50 user agents from one address in ten minutes");
        // over HTTPS (TLS ended at the balancer) a Chrome 131 sends client hints: their absence disagrees
        assertEquals(200, get(NEW_CLIENT, BROWSER + "\r\nX-Forwarded-Proto: https").status(), "a new client: 0 in the store's defaults");
        origin.next();
        assertTrue(metrics().contains("bliss_rule_matched_total{action=\"log\",rule=\"has-headers\"} 1.0"), metrics());
    }

    @Test
    void shouldLetRulesReadWhereAndWhenTheSessionARequestCarriesWasIssued() throws Exception {
        origin.behaviour(req -> origin.record(req, () -> {
            if (req.path().equals("/login")) {
                req.response().putHeader("set-cookie", "sid=7c4a8d09ca3762af; Path=/; HttpOnly");
            }
            req.response().end("ok");
        }));
        start(labWithBusyClient(), """
                rules:
                  - {id: elsewhere, expression: 'bot.features.session_moved eq 1', action: block}
                  - {id: nearby, expression: 'bot.features.session_moved eq 0.5', action: log}
                  - {id: issued-here, expression: 'bot.features.session_moved eq 0 and bot.features.session_age lt 60', action: log}
                  - {id: no-session, expression: 'bot.features.session_moved eq -1 and bot.features.session_age eq -1', action: log}
                """);
        String session = "\r\nCookie: theme=dark; sid=7c4a8d09ca3762af";
        assertEquals(200, get("/login", NEW_CLIENT, BROWSER).status(), "the site issues the session to " + NEW_CLIENT);
        assertEquals(200, get("/page", NEW_CLIENT, BROWSER + session).status());
        assertEquals(200, get("/page", "198.51.100.77", BROWSER + session).status(), "the same /24: a gateway's next egress");
        assertEquals(403, get("/page", "81.2.69.142", BROWSER + session).status(), "another network");
        assertEquals(200, get("/page", NEW_CLIENT, BROWSER + "\r\nCookie: sid=never-issued").status());
        String m = metrics();
        assertTrue(m.contains("bliss_rule_matched_total{action=\"log\",rule=\"no-session\"} 2.0"), m);
        assertTrue(m.contains("bliss_rule_matched_total{action=\"log\",rule=\"issued-here\"} 1.0"), m);
        assertTrue(m.contains("bliss_rule_matched_total{action=\"log\",rule=\"nearby\"} 1.0"), m);
        assertTrue(m.contains("bliss_rule_matched_total{action=\"block\",rule=\"elsewhere\"} 1.0"), m);
    }

    @Test
    void shouldReplaceAScoreTheClientSentItself() throws Exception {
        start(labWithBusyClient(), "rules: []\n");
        assertEquals(200, get(BUSY_CLIENT, BROWSER + "\r\nX-Bot-Score: 99\r\nX-Bot-Verified: true").status());
        TestOrigin.Seen seen = origin.next();
        assertEquals(1, seen.headers().getAll("x-bot-score").size());
        assertEquals(String.valueOf(BotLab.AUTOMATED_SCORE), seen.headers().get("x-bot-score"));
        assertEquals("false", seen.headers().get("x-bot-verified"));
    }

    @Test
    void shouldScoreScriptedClientsOneByHeuristics() throws Exception {
        start(labWithBusyClient(), """
                rules:
                  - {id: tools, expression: 'any(bot.detection_ids[*] eq 101)', action: log}
                """);
        assertEquals(200, get(NEW_CLIENT, "User-Agent: curl/8.5.0").status());
        assertEquals("1", origin.next().headers().get("x-bot-score"));
        assertTrue(metrics().contains("bliss_rule_matched_total{action=\"log\",rule=\"tools\"} 1.0"));
    }

    @Test
    void shouldVerifyGooglebotFromItsNetworkAndFlagItElsewhere() throws Exception {
        start(labWithBusyClient(), """
                rules:
                  - {id: fake-bots, expression: 'any(bot.detection_ids[*] eq 301)', action: block, status: 418}
                """);
        String googlebot = "User-Agent: Mozilla/5.0 (compatible; Googlebot/2.1; +http://www.google.com/bot.html)";
        assertEquals(200, get("66.249.64.10", googlebot).status());
        TestOrigin.Seen real = origin.next();
        assertEquals("true", real.headers().get("x-bot-verified"));
        assertEquals("1", real.headers().get("x-bot-score"));
        assertEquals(418, get(NEW_CLIENT, googlebot).status(), "a Googlebot user agent from elsewhere is a fake");
        assertEquals(0, origin.seenCount());
    }

    @Test
    void shouldTakeFingerprintsFromATrustedBalancer() throws Exception {
        start(labWithBusyClient(), """
                rules:
                  - id: known-kit
                    expression: 'bot.ja4 eq "t13d1516h2_8daaf6152771_e5627efa2ab1" and bot.ja3_hash eq "e7d705a3286e19ea42f587b344ee6865"'
                    action: block
                """);
        String headers = BROWSER + "\r\nX-JA4: t13d1516h2_8daaf6152771_e5627efa2ab1\r\nX-JA3: e7d705a3286e19ea42f587b344ee6865";
        assertEquals(403, get(NEW_CLIENT, headers).status());
        assertEquals(200, get(NEW_CLIENT, BROWSER).status());
    }

    @Test
    void shouldScoreAChromiumWhoseJa3ManyAddressesSentOneByHeuristics() throws Exception {
        BotLab lab = new BotLab(dir);
        String replayed = "e7d705a3286e19ea42f587b344ee6865";
        String own = "0123456789abcdef0123456789abcdef";
        lab.publish(lab.schema.hash(), "ja3.distinct_ips_1h", Map.of(DimensionKeys.ja3(replayed), 40f, DimensionKeys.ja3(own), 1f));
        start(lab, """
                rules:
                  - {id: reused-ja3, expression: 'any(bot.detection_ids[*] eq 302)', action: log}
                """);
        String chromeStack = "\r\nX-JA4: t13d1516h2_8daaf6152771_e5627efa2ab1\r\nX-JA3: ";
        assertEquals(200, get(NEW_CLIENT, BROWSER + chromeStack + replayed).status());
        assertEquals("1", origin.next().headers().get("x-bot-score"), "a Chrome 131 JA3 that 40 addresses sent");
        assertEquals(200, get(NEW_CLIENT, BROWSER + chromeStack + own).status());
        assertEquals(String.valueOf(BotLab.HUMAN_SCORE), origin.next().headers().get("x-bot-score"), "its own JA3: the model's score");
        String firefox = "User-Agent: Mozilla/5.0 (X11; Linux x86_64; rv:146.0) Gecko/20100101 Firefox/146.0\r\nAccept: text/html"
                + "\r\nAccept-Language: en\r\nX-JA4: t13d1717h2_5b57614c22b0_3cbfd9057e0d\r\nX-JA3: " + replayed;
        assertEquals(200, get(NEW_CLIENT, firefox).status());
        assertEquals(String.valueOf(BotLab.HUMAN_SCORE), origin.next().headers().get("x-bot-score"),
                "Firefox keeps one extension order: its JA3 is shared by design");
        String metrics = metrics();
        assertTrue(metrics.contains("bliss_rule_matched_total{action=\"log\",rule=\"reused-ja3\"} 1.0"), metrics);
        assertTrue(metrics.contains("bliss_bot_scored_total{source=\"heuristics\"} 1.0"), metrics);
    }

    @Test
    void shouldScoreOneSessionUnderManyUserAgentsOneByHeuristics() throws Exception {
        BotLab lab = new BotLab(dir);
        String rotated = "sid=4f1c2a9e";
        String constant = "consent=yes";
        String own = "sid=77b03d15";
        lab.publishVectors(lab.schema.hash(), "cookie", Map.of(
                DimensionKeys.text(rotated), Map.of("distinct_ua_1h", 22f, "distinct_ips_1h", 1.004f),
                DimensionKeys.text(constant), Map.of("distinct_ua_1h", 900f, "distinct_ips_1h", 4_000f),
                DimensionKeys.text(own), Map.of("distinct_ua_1h", 1.002f, "distinct_ips_1h", 1.004f)));
        start(lab, """
                rules:
                  - {id: session-user-agents, expression: 'any(bot.detection_ids[*] eq 303)', action: log}
                """);
        assertEquals(200, get(NEW_CLIENT, BROWSER + "\r\nCookie: " + rotated).status());
        assertEquals("1", origin.next().headers().get("x-bot-score"), "one address's session under 22 user agents");
        assertEquals(200, get(NEW_CLIENT, BROWSER + "\r\nCookie: " + constant).status());
        assertEquals(String.valueOf(BotLab.HUMAN_SCORE), origin.next().headers().get("x-bot-score"),
                "a cookie everyone has: every user agent, but from every address too");
        assertEquals(200, get(NEW_CLIENT, BROWSER + "\r\nCookie: " + own).status());
        assertEquals(String.valueOf(BotLab.HUMAN_SCORE), origin.next().headers().get("x-bot-score"), "a browser's own session");
        String metrics = metrics();
        assertTrue(metrics.contains("bliss_rule_matched_total{action=\"log\",rule=\"session-user-agents\"} 1.0"), metrics);
        assertTrue(metrics.contains("bliss_bot_scored_total{source=\"heuristics\"} 1.0"), metrics);
    }

    @Test
    void shouldFallBackWhenTheStoreIsMissing() throws Exception {
        BotLab lab = new BotLab(dir); // nothing published
        start(lab, """
                rules:
                  - {id: no-features, expression: 'not bot.features_available and bot.score_source eq "not_computed"', action: log}
                  - {id: low-score, expression: 'bot.score lt 30', action: block}
                """);
        assertEquals(200, get(BUSY_CLIENT, BROWSER).status(), "an unscored request is not blocked by a score rule");
        assertEquals("0", origin.next().headers().get("x-bot-score"));
        String m = metrics();
        assertTrue(m.contains("bliss_plugin_bot_features_unavailable_total{plugin=\"bot\",reason=\"store_missing\"} 1.0"), m);
        assertTrue(m.contains("bliss_rule_matched_total{action=\"log\",rule=\"no-features\"} 1.0"), m);
    }

    @Test
    void shouldRefuseFeaturesWrittenUnderAnotherSchema() throws Exception {
        BotLab lab = new BotLab(dir);
        IpAddress busy = IpAddress.of(BUSY_CLIENT);
        lab.publish(lab.schema.hash() ^ 1, Map.of(DimensionKeys.clientIp(busy.high(), busy.low()), 50f));
        start(lab, "rules: []\n");
        assertEquals(200, get(BUSY_CLIENT, BROWSER).status());
        assertEquals("0", origin.next().headers().get("x-bot-score"));
        assertTrue(metrics().contains("bliss_plugin_bot_features_unavailable_total{plugin=\"bot\",reason=\"schema_mismatch\"} 1.0"));
    }

    @Test
    void shouldBlockScriptedClientsWithAScoreRuleAndLetBrowsersThrough() throws Exception {
        start(labWithBusyClient(), """
                rules:
                  - {id: bots, expression: 'cf.bot_management.score lt 30 and not cf.bot_management.verified_bot', action: block}
                """);
        assertEquals(403, get(NEW_CLIENT, "User-Agent: python-requests/2.32.3").status());
        assertEquals(403, get(BUSY_CLIENT, BROWSER).status(), "a client with 50 user agents in 10 minutes");
        assertEquals(200, get(NEW_CLIENT, BROWSER).status());
        assertEquals(String.valueOf(BotLab.HUMAN_SCORE), origin.next().headers().get("x-bot-score"));
    }

    @Test
    void shouldFailStartupOnACorruptModelNamingTheFile() throws Exception {
        BotLab lab = new BotLab(dir);
        java.nio.file.Files.writeString(dir.resolve("broken.json"), "{\"oblivious_trees\": [ {\"splits\": [");
        lab.models("broken.json");
        ConfigException e = assertThrows(ConfigException.class,
                () -> ProxyServer.start(Proxies.options(lab.blissYaml(origin.url(), "rules: []\n", ""), dir)));
        assertTrue(e.getMessage().contains("broken.json"), e.getMessage());
    }
}
