package dev.bliss.bot.plugin;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.bliss.bot.heuristics.ShippedFiles;
import dev.bliss.proxy.ProxyServer;
import dev.bliss.proxy.testing.Proxies;
import dev.bliss.proxy.testing.RawHttp;
import dev.bliss.proxy.testing.TestOrigin;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.function.BiFunction;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The check on people who come once: the 100 most common browser user agents of the
 * public list (test resources), each sent once from a new address with its family's header set
 * in that family's order, scored by the shipped models.yaml (bot-v2) over a published, empty
 * store: none of them has any history. Twice: as sent to an HTTPS site (the family's JA4 through
 * the trusted balancer's headers, client hints and Sec-Fetch-*) and as sent to a plain-HTTP one
 * (no JA4, neither of those).
 *
 * <p>The target is at most 1 below 30, and the bound. The bot-v2 trained on 2026-12-02
 * (third time that day), on a lab whose browsers keep client hints and fetch metadata for secure
 * contexts, scores none below 30 either way, and so does the one trained on 2026-12-03. Before
 * that rule, 97 of the 100 plain-HTTP page loads scored below 30; the bot-v2 trained with the rule but without WebKit's default user agent among
 * in-app browsers put three entries of the list that name no browser product ("… AppleWebKit/537.36",
 * a Safari string without {@code Version/}, a Chrome token without AppleWebKit) below 30.
 */
class CommonBrowsersScoreHumanTest {

    private static final String CHROME_JA4 = "t13d1516h2_8daaf6152771_02713d6af862";
    private static final String FIREFOX_JA4 = "t13d1717h2_5b57614c22b0_3cbfd9057e0d";
    private static final String SAFARI_JA4 = "t13d2014h2_a09f3c656075_14788d8d241b";

    @TempDir
    Path dir;

    private final TestOrigin origin = new TestOrigin();
    private ProxyServer proxy;

    @AfterEach
    void stop() {
        if (proxy != null) {
            proxy.close();
        }
        origin.close();
    }

    /** A first page load as the user agent's family sends it. */
    static String request(String ua, String client) {
        String base = "GET /products/17 HTTP/1.1\r\nHost: shop.example\r\nX-Forwarded-For: " + client + "\r\n";
        if (ua.contains("Firefox/")) {
            return base + "User-Agent: " + ua + "\r\nAccept: text/html,application/xhtml+xml,application/xml;q=0.9,*/*;q=0.8\r\n"
                    + "Accept-Language: en-US,en;q=0.5\r\nAccept-Encoding: gzip, deflate, br, zstd\r\nUpgrade-Insecure-Requests: 1\r\n"
                    + "Sec-Fetch-Dest: document\r\nSec-Fetch-Mode: navigate\r\nSec-Fetch-Site: cross-site\r\nSec-Fetch-User: ?1\r\n"
                    + "Referer: https://www.google.com/\r\nPriority: u=0, i\r\nX-JA4: " + FIREFOX_JA4;
        }
        boolean webkit = ua.contains("iPhone") || ua.contains("iPad") || !ua.contains("Chrome/");
        if (webkit) {
            return base + "Accept: text/html,application/xhtml+xml,application/xml;q=0.9,*/*;q=0.8\r\nSec-Fetch-Site: cross-site\r\n"
                    + "Sec-Fetch-Dest: document\r\nAccept-Language: en-GB,en;q=0.9\r\nSec-Fetch-Mode: navigate\r\nUser-Agent: " + ua
                    + "\r\nReferer: https://www.google.com/\r\nAccept-Encoding: gzip, deflate, br\r\nPriority: u=0, i\r\nX-JA4: " + SAFARI_JA4;
        }
        java.util.regex.Matcher m = java.util.regex.Pattern.compile("Chrome/(\\d+)").matcher(ua);
        String major = m.find() ? m.group(1) : "0";
        String brand = ua.contains("Edg/") ? "Microsoft Edge" : "Google Chrome";
        String platform = ua.contains("Android") ? "\"Android\"" : ua.contains("Macintosh") ? "\"macOS\""
                : ua.contains("Linux") || ua.contains("X11") ? "\"Linux\"" : "\"Windows\"";
        return base + "sec-ch-ua: \"Chromium\";v=\"" + major + "\", \"" + brand + "\";v=\"" + major + "\", \"Not_A Brand\";v=\"99\"\r\n"
                + "sec-ch-ua-mobile: " + (ua.contains("Mobile") ? "?1" : "?0") + "\r\nsec-ch-ua-platform: " + platform + "\r\n"
                + "Upgrade-Insecure-Requests: 1\r\nUser-Agent: " + ua + "\r\n"
                + "Accept: text/html,application/xhtml+xml,application/xml;q=0.9,image/avif,image/webp,image/apng,*/*;q=0.8\r\n"
                + "Sec-Fetch-Site: cross-site\r\nSec-Fetch-Mode: navigate\r\nSec-Fetch-User: ?1\r\nSec-Fetch-Dest: document\r\n"
                + "Referer: https://www.google.com/\r\nAccept-Encoding: gzip, deflate, br, zstd\r\nAccept-Language: en-US,en;q=0.9\r\n"
                + "Priority: u=0, i\r\nX-JA4: " + CHROME_JA4;
    }

    /**
     * The same first page load to a site served over plain HTTP, as the browser sends it there:
     * no JA4 (no handshake), and neither client hints nor Sec-Fetch-*, which browsers send only
     * to potentially trustworthy origins (HTTPS, localhost); no Referer from an HTTPS page either.
     */
    static String overPlainHttp(String request) {
        StringBuilder kept = new StringBuilder();
        for (String line : request.split("\r\n")) {
            String name = line.substring(0, Math.max(0, line.indexOf(':'))).toLowerCase(java.util.Locale.ROOT);
            if (!name.startsWith("sec-ch-") && !name.startsWith("sec-fetch-") && !name.equals("x-ja4") && !name.equals("referer")) {
                kept.append(kept.isEmpty() ? "" : "\r\n").append(line);
            }
        }
        return kept.toString();
    }

    @Test
    void shouldScoreAtMostOneOfTheHundredCommonBrowsersBelow30OverPlainHttp() throws Exception {
        List<String> low = scoreBelow30((ua, client) -> overPlainHttp(request(ua, client)));
        System.out.println("common browsers over plain HTTP: " + low.size() + " of 100 below 30: " + low);
        assertTrue(low.size() <= 1, low.size() + " of 100 below 30 over plain HTTP: " + low);
    }

    @Test
    void shouldScoreAtMostOneOfTheHundredCommonBrowsersBelow30() throws Exception {
        List<String> low = scoreBelow30(CommonBrowsersScoreHumanTest::request);
        System.out.println("common browsers: " + low.size() + " of 100 below 30: " + low);
        assertTrue(low.size() <= 1, low.size() + " of 100 below 30: " + low);
    }

    /** Each common user agent's request (from its user agent and client address) once; the scores below 30. */
    private List<String> scoreBelow30(BiFunction<String, String, String> requestOf) throws Exception {
        BotLab lab = new BotLab(dir);
        Files.copy(ShippedFiles.config("models.yaml"), dir.resolve("models.yaml"), java.nio.file.StandardCopyOption.REPLACE_EXISTING);
        Files.createDirectories(dir.resolve("models"));
        for (String m : new String[] {"bot-v1.json", "bot-v2.json"}) {
            Files.copy(ShippedFiles.config("models").resolve(m), dir.resolve("models").resolve(m));
        }
        lab.publish(lab.schema.hash(), Map.of()); // a store with no key: every client is new
        proxy = ProxyServer.start(Proxies.options(lab.blissYaml(origin.url(), "rules: []\n", "models: models.yaml"), dir));
        List<String> agents = ShippedFiles.userAgents("top-user-agents.txt");
        assertEquals(100, agents.size());
        List<String> low = new ArrayList<>();
        for (int i = 0; i < agents.size(); i++) {
            try (RawHttp c = new RawHttp(proxy.port(0))) {
                String client = "198.51." + (100 + i / 200) + "." + (1 + i % 200);
                assertEquals(200, c.exchange(requestOf.apply(agents.get(i), client)).status());
            }
            TestOrigin.Seen seen = origin.next();
            int score = Integer.parseInt(seen.headers().get("x-bot-score"));
            assertTrue(score > 0, "scored by the model: " + agents.get(i));
            if (score < 30) {
                low.add(score + " " + agents.get(i));
            }
        }
        return low;
    }
}
