package dev.bliss.bot.plugin;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.bliss.proxy.ProxyServer;
import dev.bliss.proxy.ReloadOutcome;
import dev.bliss.proxy.testing.Await;
import dev.bliss.proxy.testing.Proxies;
import dev.bliss.proxy.testing.RawHttp;
import dev.bliss.proxy.testing.TestOrigin;
import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The proxy's reload (SIGHUP) reaches bot management: a bot added to verified-bots.yaml is
 * verified from the next request on, with the models reloaded alongside; a TLS stack added to
 * heuristics.yaml judges the next request's TLS; a broken file changes nothing and names
 * its line.
 */
class BotListsReloadThroughProxyTest {

    private static final String BOT = """

              - name: ReloadBot
                category: search_engine
                user_agents: ["reloadbot"]
                ranges: ["198.51.100.0/24"]
            """;

    @TempDir
    Path dir;

    private final TestOrigin origin = new TestOrigin();
    private ProxyServer proxy;

    @BeforeEach
    void start() throws Exception {
        BotLab lab = new BotLab(dir);
        proxy = ProxyServer.start(Proxies.options(lab.blissYaml(origin.url(), "rules: []\n", ""), dir));
    }

    @AfterEach
    void stop() {
        proxy.close();
        origin.close();
    }

    private TestOrigin.Seen get() throws Exception {
        try (RawHttp c = new RawHttp(proxy.port(0))) {
            assertEquals(200, c.exchange("GET /page HTTP/1.1\r\nHost: shop.example\r\nX-Forwarded-For: 198.51.100.20\r\n"
                    + "User-Agent: ReloadBot/1.0 (+https://reload.example/bot)").status());
        }
        return origin.next();
    }

    @Test
    void shouldVerifyABotAddedToTheListAfterReload() throws Exception {
        assertEquals("false", get().headers().get("x-bot-verified"));
        Path list = dir.resolve("verified-bots.yaml");
        Files.writeString(list, Files.readString(list).replaceFirst("\nbots:\n", "\nbots:" + BOT.stripTrailing() + "\n"));

        ReloadOutcome outcome = Await.result(proxy.reload());

        assertTrue(outcome.applied(), outcome.summary());
        assertTrue(outcome.summary().contains("plugin bot: heuristics heuristics.yaml, verified bots verified-bots.yaml, models models.yaml"),
                outcome.summary());
        TestOrigin.Seen verified = get();
        assertEquals("true", verified.headers().get("x-bot-verified"));
        assertEquals("1", verified.headers().get("x-bot-score"));
    }

    @Test
    void shouldJudgeTlsAgainstTheStacksOfTheReloadedHeuristics() throws Exception {
        Files.writeString(dir.resolve("rules.yaml"), """
                rules:
                  - {id: chromium-stack, expression: 'bot.features.tls_agrees eq 1', action: block}
                """);
        assertTrue(Await.result(proxy.reload()).applied());
        String chromeOnNewStack = "GET /page HTTP/1.1\r\nHost: shop.example\r\nX-Forwarded-For: 198.51.100.20\r\n"
                + "User-Agent: Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) "
                + "Chrome/131.0.0.0 Safari/537.36\r\nAccept: text/html\r\nAccept-Encoding: gzip\r\n"
                + "X-JA4: t13d1516h2_aaaaaaaaaaaa_e5627efa2ab1";
        try (RawHttp c = new RawHttp(proxy.port(0))) {
            assertEquals(200, c.exchange(chromeOnNewStack).status(), "a stack heuristics.yaml does not list: cannot tell (0.5)");
        }
        origin.next();
        Path heuristics = dir.resolve("heuristics.yaml");
        Files.writeString(heuristics, Files.readString(heuristics).replaceFirst("\ntls_stacks:\n",
                "\ntls_stacks:\n  - {ja4: t13d1516h2_aaaaaaaaaaaa, family: chromium}\n"));

        assertTrue(Await.result(proxy.reload()).applied());

        try (RawHttp c = new RawHttp(proxy.port(0))) {
            assertEquals(403, c.exchange(chromeOnNewStack).status(), "the reloaded list names it Chromium's: the claim agrees");
        }
    }

    @Test
    void shouldKeepTheListsWhenAFileIsBroken() throws Exception {
        Path list = dir.resolve("verified-bots.yaml");
        Files.writeString(list, Files.readString(list).replaceFirst("\nbots:\n", "\nbots:\n  - name: NoCategory\n"));

        ReloadOutcome outcome = Await.result(proxy.reload());

        assertFalse(outcome.applied(), outcome.summary());
        assertTrue(outcome.summary().contains("verified-bots.yaml:"), outcome.summary());
        assertEquals("false", get().headers().get("x-bot-verified"));
    }
}
