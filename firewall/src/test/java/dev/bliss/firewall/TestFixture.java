package dev.bliss.firewall;

import dev.bliss.plugin.IpAddress;
import dev.bliss.plugin.ProtocolVersion;
import dev.bliss.plugin.SyntheticRequest;
import dev.bliss.plugin.field.BoolField;
import dev.bliss.plugin.field.BytesField;
import dev.bliss.plugin.field.FieldRegistry;
import dev.bliss.plugin.field.FieldScheme;
import dev.bliss.plugin.field.FieldSchemeBuilder;
import dev.bliss.plugin.field.Fields;
import dev.bliss.plugin.field.FloatField;
import dev.bliss.plugin.field.IntArrayField;
import dev.bliss.plugin.field.IntField;
import dev.bliss.plugin.field.IpField;

/**
 * The scheme, request and field values the expression tests run against: the bot-management
 * plugin's fields (as issue 5 names them), a few test fields of the other types, and a realistic
 * browser request over HTTP/2 and TLS.
 */
final class TestFixture {

    final FieldScheme scheme;
    final IntField score;
    final BoolField verified;
    final BoolField staticResource;
    final BytesField ja3;
    final BytesField ja4;
    final IntArrayField detectionIds;
    final BytesField verifiedCategory;
    final BytesField scoreSource;
    final FloatField ratio;
    final IpField peer;
    final IntArrayField emptyIds;
    final IntField count;
    final BoolField flag;

    TestFixture() {
        FieldSchemeBuilder b = new FieldSchemeBuilder();
        FieldRegistry bot = b.registryFor("bot-management");
        score = bot.produceInt("bot.score");
        verified = bot.produceBool("bot.verified");
        staticResource = bot.produceBool("bot.static_resource");
        ja3 = bot.produceBytes("bot.ja3_hash", 32);
        ja4 = bot.produceBytes("bot.ja4", 64);
        detectionIds = bot.produceIntArray("bot.detection_ids", 8);
        verifiedCategory = bot.produceBytes("bot.verified_category", 64);
        scoreSource = bot.produceBytes("bot.score_source", 32);
        FieldRegistry test = b.registryFor("test");
        ratio = test.produceFloat("test.ratio");
        peer = test.produceIp("test.peer");
        emptyIds = test.produceIntArray("test.empty_ids", 4);
        count = test.produceInt("test.count");
        flag = test.produceBool("test.flag");
        Firewall.declareFields(b.registryFor("firewall"));
        scheme = b.build();
    }

    /** bot.static_resource, bot.verified_category and test.count are left unset (missing). */
    Fields fields() {
        Fields f = scheme.newTable();
        f.set(score, 12);
        f.set(verified, false);
        f.set(ja3, "ada70206e40642a3e4461f35503241d5");
        f.set(ja4, "t13d1516h2_8daaf6152771_b186095e22b6");
        f.add(detectionIds, 33554817);
        f.add(detectionIds, 50331648);
        f.set(scoreSource, "machine_learning");
        f.set(ratio, 0.25);
        f.set(peer, IpAddress.of("2001:db8::1"));
        f.setEmpty(emptyIds);
        f.set(flag, true);
        return f;
    }

    static SyntheticRequest request() {
        return new SyntheticRequest()
                .method("POST")
                .host("www.example.com")
                .uri("/api/v1/Login?user=alice&next=%252Fhome")
                .tls(true)
                .localPort(443)
                .version(ProtocolVersion.HTTP_2)
                .clientAddress(IpAddress.of("203.0.113.7"))
                .header("host", "www.example.com")
                .header("user-agent", "Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/120.0 Safari/537.36")
                .header("accept", "text/html")
                .header("accept", "application/json")
                .header("Accept-Language", "en-US,en;q=0.9")
                .header("referer", "https://www.example.com/start")
                .header("cookie", "a=1")
                .header("cookie", "session=xyz")
                .header("x-forwarded-for", "198.51.100.1")
                .header("X-Forwarded-For", "10.0.0.1");
    }
}
