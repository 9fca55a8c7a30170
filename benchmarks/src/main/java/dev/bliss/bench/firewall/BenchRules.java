package dev.bliss.bench.firewall;

import dev.bliss.firewall.Firewall;
import dev.bliss.plugin.SyntheticRequest;
import dev.bliss.plugin.IpAddress;
import dev.bliss.plugin.field.BoolField;
import dev.bliss.plugin.field.BytesField;
import dev.bliss.plugin.field.FieldRegistry;
import dev.bliss.plugin.field.FieldScheme;
import dev.bliss.plugin.field.FieldSchemeBuilder;
import dev.bliss.plugin.field.IntArrayField;
import dev.bliss.plugin.field.IntField;

/**
 * The scheme, rules and requests the firewall benchmarks share: the bot-management plugin's
 * fields, and the twenty rules of firewall/src/test/resources/realistic-rules.yaml (the same set
 * the zero-allocation test runs).
 */
final class BenchRules {

    /** Allow list, skips, scanner and exploit blocks, bot-score bands, logging. */
    static final String REALISTIC = """
            lists:
              office_networks:
                type: ip
                items: [192.0.2.0/24, 198.51.100.0/24, "2001:db8:1::/48"]
              blocked_ja3:
                type: bytes
                items: [e7d705a3286e19ea42f587b344ee6865, 6734f37431670b3ab4292b8f60f29984]
            rules:
              - id: allow-office
                expression: ip.src in $office_networks
                action: allow
              - id: skip-static
                expression: cf.bot_management.static_resource or http.request.uri.path matches "\\.(css|js|png|jpg|svg|woff2?)$"
                action: skip
                skip_rules: [block-automated, challenge-likely-bots]
              - id: skip-verified-bots
                expression: cf.bot_management.verified_bot
                action: skip
                skip_rules: [block-automated, challenge-likely-bots]
              - id: block-scanners
                expression: http.user_agent matches "(?i)(sqlmap|nikto|masscan|zgrab|nuclei)"
                action: block
              - id: block-wordpress-probes
                expression: http.request.uri.path wildcard "/wp-*"
                action: block
              - id: block-dotfiles
                expression: http.request.uri.path contains "/.env" or http.request.uri.path contains "/.git/"
                action: block
                status: 404
              - id: block-odd-methods
                expression: not http.request.method in {"GET" "HEAD" "POST" "PUT" "DELETE" "OPTIONS" "PATCH"}
                action: block
                status: 405
              - id: block-automated
                expression: cf.bot_management.score eq 1
                action: block
              - id: challenge-likely-bots
                expression: cf.bot_management.score gt 1 and cf.bot_management.score lt 30 and not cf.bot_management.verified_bot
                action: challenge
              - id: log-detections
                expression: any(cf.bot_management.detection_ids[*] in {50331648 50331649 50331651})
                action: log
              - id: block-login-bots
                expression: http.request.uri.path eq "/login" and http.request.method eq "POST" and bot.score lt 50
                action: block
              - id: log-api-without-json
                expression: starts_with(http.request.uri.path, "/api/") and not any(http.request.headers["accept"][*] contains "json")
                action: log
              - id: block-empty-user-agent
                expression: not len(http.user_agent) gt 0
                action: block
              - id: block-curl-admin
                expression: http.user_agent contains "curl/" and starts_with(http.request.uri.path, "/admin")
                action: block
              - id: log-long-forwarding-chains
                expression: len(http.request.headers["x-forwarded-for"]) gt 3
                action: log
              - id: block-unknown-hosts
                expression: http.host ne "www.example.com" and http.host ne "example.com"
                action: block
              - id: block-plain-http-account
                expression: not ssl and http.request.uri.path wildcard "/account/*"
                action: block
              - id: block-ja3
                expression: cf.bot_management.ja3_hash in $blocked_ja3
                action: block
              - id: block-sql-injection
                expression: url_decode(http.request.uri.query) matches "(?i)union\\s+select"
                action: block
              - id: block-referer-spam
                expression: http.referer contains "casino" or lower(http.referer) contains "viagra"
                action: block
            """;

    final FieldScheme scheme;
    final IntField score;
    final BoolField verified;
    final BytesField ja3;
    final IntArrayField detectionIds;

    BenchRules() {
        FieldSchemeBuilder b = new FieldSchemeBuilder();
        FieldRegistry bot = b.registryFor("bot-management");
        score = bot.produceInt("bot.score");
        verified = bot.produceBool("bot.verified");
        bot.produceBool("bot.static_resource");
        ja3 = bot.produceBytes("bot.ja3_hash", 32);
        bot.produceBytes("bot.ja4", 64);
        detectionIds = bot.produceIntArray("bot.detection_ids", 8);
        bot.produceBytes("bot.verified_category", 64);
        Firewall.declareFields(b.registryFor("firewall"));
        scheme = b.build();
    }

    /** A Chrome page view: matches no rule, so all twenty are evaluated. */
    static SyntheticRequest browser() {
        return new SyntheticRequest()
                .method("GET")
                .host("www.example.com")
                .uri("/products/42?ref=home")
                .tls(true)
                .localPort(443)
                .clientAddress(IpAddress.of("203.0.113.7"))
                .header("host", "www.example.com")
                .header("user-agent", "Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/120.0.0.0 Safari/537.36")
                .header("accept", "text/html,application/xhtml+xml,application/xml;q=0.9,*/*;q=0.8")
                .header("accept-language", "en-US,en;q=0.9")
                .header("accept-encoding", "gzip, deflate, br")
                .header("referer", "https://www.example.com/")
                .header("cookie", "session=3f2a9c; consent=1");
    }

    /** A Python client on the API: challenged by the ninth rule. */
    static SyntheticRequest script() {
        return browser().setHeader("user-agent", "python-requests/2.31").uri("/api/v1/items?q=1");
    }
}
