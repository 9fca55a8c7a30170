package dev.bliss.proxy.accesslog;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.sun.management.ThreadMXBean;
import dev.bliss.plugin.FirewallAction;
import dev.bliss.plugin.IpAddress;
import dev.bliss.plugin.field.BytesField;
import dev.bliss.plugin.field.FieldRegistry;
import dev.bliss.plugin.field.FieldScheme;
import dev.bliss.plugin.field.FieldSchemeBuilder;
import dev.bliss.plugin.field.Fields;
import dev.bliss.plugin.field.IntField;
import dev.bliss.proxy.config.AccessLogOptions;
import dev.bliss.proxy.config.OriginAddress;
import io.vertx.core.json.JsonObject;
import java.lang.management.ManagementFactory;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * What a recorder commits is what the writer prints: every field, bot.score taken from the
 * request's fields by name, escaping, cut strings; and committing allocates nothing.
 */
class AccessLogRecordsTest {

    @TempDir
    Path dir;

    private static FieldScheme botScheme(IntField[] score, BytesField[] source) {
        FieldSchemeBuilder b = new FieldSchemeBuilder();
        FieldRegistry r = b.registryFor("bot");
        score[0] = r.produceInt("bot.score");
        source[0] = r.produceBytes("bot.score_source", 16);
        return b.build();
    }

    @Test
    void shouldWriteEveryFieldOfARecord() throws Exception {
        IntField[] score = new IntField[1];
        BytesField[] source = new BytesField[1];
        FieldScheme scheme = botScheme(score, source);
        Fields fields = scheme.newTable();
        fields.set(score[0], 7);
        fields.set(source[0], "machine_learning");
        Path file = dir.resolve("logs/access.log");
        try (AccessLog log = new AccessLog(AccessLogOptions.of(file), scheme)) {
            log.newRecorder().timing(1_764_619_063_123L, 1_830_000, 1_410_000).status(403)
                    .client(IpAddress.of("2001:db8::7"))
                    .request("GET", "/a?q=\"x\"\n\u00e9\ud83d\ude00", "shop.example", "http/1.1")
                    .route("api").upstream(new OriginAddress("http", "10.0.0.5", 8080))
                    .decision("no-bots", FirewallAction.BLOCK, "blocked").fields(fields)
                    .tls("e7d705a3286e19ea42f587b344ee6865", "t13d1516h2_8daaf6152771_b0da82dd1658").requestId("r-1")
                    .commit();
        }
        List<String> lines = Files.readAllLines(file);
        assertEquals(1, lines.size());
        JsonObject j = new JsonObject(lines.getFirst());
        assertEquals(1_764_619_063_123L, j.getLong("ts"));
        assertEquals("r-1", j.getString("request_id"));
        assertEquals("2001:db8::7", j.getString("client"));
        assertEquals("GET", j.getString("method"));
        assertEquals("/a?q=\"x\"\n\u00e9\ud83d\ude00", j.getString("uri"));
        assertEquals("shop.example", j.getString("host"));
        assertEquals("http/1.1", j.getString("protocol"));
        assertEquals(403, j.getInteger("status"));
        assertEquals(1830, j.getLong("duration_us"));
        assertEquals(1410, j.getLong("origin_us"));
        assertEquals("api", j.getString("route"));
        assertEquals("10.0.0.5:8080", j.getString("origin"));
        assertEquals(7, j.getInteger("bot_score"));
        assertEquals("machine_learning", j.getString("score_source"));
        assertEquals("no-bots", j.getString("rule_id"));
        assertEquals("block", j.getString("action"));
        assertEquals("blocked", j.getString("local_reason"));
        assertEquals("t13d1516h2_8daaf6152771_b0da82dd1658", j.getString("ja4"));
    }

    @Test
    void shouldLeaveOutWhatARequestDidNotHave() throws Exception {
        Path file = dir.resolve("access.log");
        try (AccessLog log = new AccessLog(AccessLogOptions.of(file), new FieldSchemeBuilder().build())) {
            log.newRecorder().timing(1, 5_000, -1).status(404).request("GET", "/x", null, "h2")
                    .upstream(new OriginAddress("http", "::1", 9000)).commit();
            log.newRecorder().timing(2, 5_000, -1).status(200).commit();
        }
        List<String> lines = Files.readAllLines(file);
        JsonObject j = new JsonObject(lines.get(0));
        for (String absent : List.of("host", "origin_us", "bot_score", "score_source", "rule_id", "action", "client", "request_id")) {
            assertFalse(j.containsKey(absent), absent + " in " + lines.get(0));
        }
        assertEquals("[::1]:9000", j.getString("origin"));
        assertEquals("{\"ts\":2,\"status\":200,\"duration_us\":5}", lines.get(1), "a recorder is cleared by its commit");
    }

    @Test
    void shouldCutALongRequestTarget() throws Exception {
        Path file = dir.resolve("access.log");
        String uri = "/" + "a".repeat(20_000);
        try (AccessLog log = new AccessLog(AccessLogOptions.of(file), null)) {
            log.newRecorder().timing(1, 0, -1).status(200).request("GET", uri, null, null).commit();
        }
        assertEquals(AccessLogRecordLayout.MAX_URI, new JsonObject(Files.readString(file)).getString("uri").length());
    }

    @Test
    void shouldCommitWithoutAllocating() throws Exception {
        IntField[] score = new IntField[1];
        BytesField[] source = new BytesField[1];
        FieldScheme scheme = botScheme(score, source);
        Fields fields = scheme.newTable();
        fields.set(score[0], 42);
        fields.set(source[0], "heuristics");
        IpAddress client = IpAddress.of("203.0.113.7");
        OriginAddress origin = new OriginAddress("http", "127.0.0.1", 9000);
        String uri = "/products/1234?ref=home";
        ThreadMXBean threads = (ThreadMXBean) ManagementFactory.getThreadMXBean();
        try (AccessLog log = new AccessLog(AccessLogOptions.of(dir.resolve("access.log")), scheme)) {
            AccessLogRecorder recorder = log.newRecorder();
            long best = Long.MAX_VALUE;
            for (int pass = 0; pass < 5; pass++) {
                long before = threads.getCurrentThreadAllocatedBytes();
                for (int i = 0; i < 2_000; i++) {
                    recorder.timing(1_764_619_063_123L + i, 1_000 + i, 800).status(200).client(client)
                            .request("GET", uri, "shop.example", "http/1.1").route("default").upstream(origin)
                            .decision(null, FirewallAction.NONE, null).fields(fields).tls(null, null).requestId("r")
                            .commit();
                }
                best = Math.min(best, threads.getCurrentThreadAllocatedBytes() - before);
            }
            assertEquals(0, best, "bytes allocated by 2,000 commits (best of 5 passes)");
            assertTrue(log.written() + log.dropped() > 0);
        }
    }
}
