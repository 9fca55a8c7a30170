package dev.bliss.bot.plugin;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.bliss.challenge.ChallengeForm;
import dev.bliss.challenge.ProofOfWork;
import dev.bliss.proxy.ProxyServer;
import dev.bliss.proxy.testing.Proxies;
import dev.bliss.proxy.testing.TestOrigin;
import dev.bliss.store.events.RequestEventLayout;
import io.vertx.core.json.JsonObject;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.ByteOrder;
import java.nio.channels.FileChannel;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.time.Duration;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import org.agrona.concurrent.UnsafeBuffer;
import org.agrona.concurrent.ringbuffer.OneToOneRingBuffer;
import org.agrona.concurrent.ringbuffer.RingBufferDescriptor;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The browser challenge's outcomes as signals, through the real proxy with bot management: each
 * request's outcome (issued, solved, cleared, failed, replayed) is in its request event on the
 * real events ring and in its detection-log line, and a submitted solution's line carries the
 * whole feature vector (the row {@code bliss train --labels challenge} learns from); the request
 * feature {@code clearance_age} is the clearance's age where one is valid, -1 elsewhere.
 */
class ChallengeOutcomesThroughProxyTest {

    private static final String CHROME = "Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) "
            + "Chrome/140.0.0.0 Safari/537.36";
    private static final String PYTHON = "python-requests/2.32.3";
    private static final String RULES = """
            rules:
              - {id: challenge-pages, expression: 'http.request.uri.path eq "/page"', action: challenge, difficulty: 6}
            """;
    private static final String LOG = "detection_log: {path: logs/detections.log, sample_rate: 1.0}\n";
    private static final HttpClient CLIENT = HttpClient.newBuilder().version(HttpClient.Version.HTTP_1_1)
            .followRedirects(HttpClient.Redirect.NEVER).connectTimeout(Duration.ofSeconds(5)).build();

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

    @Test
    void shouldRecordEachOutcomeOnTheRequestEventAndInTheDetectionLog() throws Exception {
        BotLab lab = new BotLab(dir);
        Files.createDirectories(dir.resolve("store"));
        // one ring per event loop, as the feature service creates them
        List<OneToOneRingBuffer> events = new java.util.ArrayList<>();
        for (int i = 0; i < 4; i++) {
            events.add(createRing(RequestEventLayout.ringFile(dir.resolve("store").resolve(RequestEventLayout.FILE_NAME), i),
                    1 << 20));
        }
        proxy = ProxyServer.start(Proxies.options(lab.blissYaml(origin.url(), RULES, LOG), dir));
        int port = proxy.port(0);

        String browser = "192.0.2.10";
        HttpResponse<String> page = get(port, "/page?q=1", browser, "c-issued", CHROME, "Accept", "text/html");
        assertEquals(403, page.statusCode());
        ChallengeForm form = form(page.body());
        String counter = form.solve();
        HttpResponse<String> solved = get(port, form.verification(counter, 7, CHROME, 5), browser, "c-solved", CHROME);
        assertEquals(303, solved.statusCode(), solved.body());
        String cookie = solved.headers().firstValue("set-cookie").orElseThrow().split(";")[0];
        assertEquals(200, get(port, "/page?q=1", browser, "c-cleared", CHROME, "Accept", "text/html", "Cookie", cookie).statusCode());
        assertEquals("c-cleared", origin.next().headers().get("x-request-id"));
        assertEquals(200, get(port, "/open", browser, "c-none", CHROME).statusCode(), "no challenge rule matched");
        origin.next();

        String script = "198.51.100.20";
        ChallengeForm other = form(get(port, "/page", script, "c-issued-2", PYTHON, "Accept", "text/html").body());
        HttpResponse<String> failed = get(port, other.verification(wrongCounter(other), 7, PYTHON, 5), script, "c-failed", PYTHON);
        assertEquals(403, failed.statusCode());
        assertTrue(failed.body().contains("wrong work"), failed.body());
        HttpResponse<String> replayed = get(port, form.verification(counter, 7, CHROME, 5), script, "c-replayed", PYTHON);
        assertEquals(403, replayed.statusCode());
        assertTrue(replayed.body().contains("replayed"), replayed.body());
        assertEquals(0, origin.seenCount());

        proxy.close(); // the detection log drains and flushes; every event has been published
        proxy = null;

        Map<String, JsonObject> lines = new HashMap<>();
        for (String line : Files.readAllLines(dir.resolve("logs/detections.log"))) {
            JsonObject o = new JsonObject(line);
            assertNull(lines.put(o.getString("request_id"), o), "one line per request: " + line);
        }
        Map<String, String> expected = Map.of("c-issued", "issued", "c-issued-2", "issued", "c-solved", "solved",
                "c-cleared", "cleared", "c-failed", "failed", "c-replayed", "replayed");
        for (Map.Entry<String, String> e : expected.entrySet()) {
            JsonObject line = lines.get(e.getKey());
            assertNotNull(line, e.getKey() + " not logged: " + lines.keySet());
            assertEquals(e.getValue(), line.getString("challenge"), line.encode());
        }
        assertNull(lines.get("c-none").getString("challenge"), "left out when no challenge was involved");
        for (String id : List.of("c-solved", "c-failed")) {
            JsonObject line = lines.get(id);
            assertEquals(lab.schema.inputNames(), new ArrayList<>(line.getJsonObject("features").fieldNames()),
                    "a solution's request is scored like any other: the whole input vector");
            assertTrue(line.getJsonObject("keys").getString("ip").matches("[0-9a-f]{16}"), line.encode());
        }
        double age = lines.get("c-cleared").getJsonObject("features").getDouble("clearance_age");
        assertTrue(age >= 0 && age < 60, "the cleared request's clearance_age, seconds since the solve: " + age);
        for (String id : List.of("c-issued", "c-solved", "c-none", "c-failed")) {
            assertEquals(-1.0, lines.get(id).getJsonObject("features").getDouble("clearance_age"), id + ": no clearance");
        }
        assertEquals(303, lines.get("c-solved").getInteger("status"));
        assertEquals(403, lines.get("c-failed").getInteger("status"));

        Map<Integer, Integer> byOutcome = new HashMap<>();
        int[] withIpKey = {0};
        org.agrona.concurrent.MessageHandler count = (type, buffer, at, length) -> {
            int outcome = buffer.getByte(at + RequestEventLayout.CHALLENGE_OFFSET) & 0xFF;
            byOutcome.merge(outcome, 1, Integer::sum);
            if (outcome == RequestEventLayout.CHALLENGE_SOLVED || outcome == RequestEventLayout.CHALLENGE_FAILED) {
                int presence = buffer.getInt(at + RequestEventLayout.KEY_PRESENCE_OFFSET, ByteOrder.LITTLE_ENDIAN);
                withIpKey[0] += (presence & 1) != 0 ? 1 : 0; // ip is the schema's first dimension
            }
        };
        int read = 0;
        for (OneToOneRingBuffer ring : events) {
            read += ring.read(count, 100);
        }
        assertEquals(7, read, "one event per request");
        assertEquals(Map.of(RequestEventLayout.CHALLENGE_NONE, 1, RequestEventLayout.CHALLENGE_ISSUED, 2,
                RequestEventLayout.CHALLENGE_SOLVED, 1, RequestEventLayout.CHALLENGE_CLEARED, 1,
                RequestEventLayout.CHALLENGE_FAILED, 1, RequestEventLayout.CHALLENGE_REPLAYED, 1), byOutcome);
        assertEquals(2, withIpKey[0], "the solution's events are keyed like any request's, so windows count them per client");
        assertEquals("ip", lab.schema.dimensions().getFirst().name());
    }

    @Test
    void shouldLogEverySolvedAndFailedSolutionWhateverTheSampleRate() throws Exception {
        BotLab lab = new BotLab(dir);
        proxy = ProxyServer.start(Proxies.options(lab.blissYaml(origin.url(), RULES,
                "detection_log: {path: logs/detections.log, sample_rate: 0.01}\n"), dir));
        int port = proxy.port(0);
        int ordinary = 300;
        for (int i = 0; i < ordinary; i++) {
            assertEquals(200, get(port, "/open", "192.0.2.30", "o-" + i, CHROME).statusCode());
            origin.next();
        }
        int solutions = 5;
        for (int i = 0; i < solutions; i++) {
            String browser = "192.0.2." + (40 + i);
            ChallengeForm form = form(get(port, "/page", browser, "i-" + i, CHROME, "Accept", "text/html").body());
            assertEquals(303, get(port, form.verification(form.solve(), 7, CHROME, 5), browser, "s-" + i, CHROME).statusCode());
            String script = "198.51.100." + (40 + i);
            ChallengeForm other = form(get(port, "/page", script, "j-" + i, PYTHON, "Accept", "text/html").body());
            assertEquals(403, get(port, other.verification(wrongCounter(other), 7, PYTHON, 5), script, "f-" + i, PYTHON).statusCode());
        }
        proxy.close();
        proxy = null;

        Map<String, JsonObject> lines = new HashMap<>();
        for (String line : Files.readAllLines(dir.resolve("logs/detections.log"))) {
            JsonObject o = new JsonObject(line);
            lines.put(o.getString("request_id"), o);
        }
        for (int i = 0; i < solutions; i++) {
            assertEquals("solved", lines.containsKey("s-" + i) ? lines.get("s-" + i).getString("challenge") : null,
                    "solution s-" + i + " logged: " + lines.keySet());
            assertEquals("failed", lines.containsKey("f-" + i) ? lines.get("f-" + i).getString("challenge") : null,
                    "solution f-" + i + " logged");
            assertEquals(lab.schema.inputNames(), new ArrayList<>(lines.get("f-" + i).getJsonObject("features").fieldNames()),
                    "a label kept past the sampling has its whole input vector");
        }
        long sampled = lines.keySet().stream().filter(id -> id.startsWith("o-")).count();
        assertTrue(sampled < ordinary / 5, "the other requests are still sampled (1 %): " + sampled + " of " + ordinary);
    }

    /** An events ring the feature service would create, so each proxy event loop's detector claims one when it is made. */
    private static OneToOneRingBuffer createRing(Path file, int capacity) throws Exception {
        Files.createDirectories(file.getParent());
        long size = capacity + RingBufferDescriptor.TRAILER_LENGTH;
        try (FileChannel ch = FileChannel.open(file, StandardOpenOption.CREATE, StandardOpenOption.READ, StandardOpenOption.WRITE)) {
            ch.write(java.nio.ByteBuffer.allocate(1), size - 1);
            return new OneToOneRingBuffer(new UnsafeBuffer(ch.map(FileChannel.MapMode.READ_WRITE, 0, size)));
        }
    }

    private static HttpResponse<String> get(int port, String target, String client, String requestId, String userAgent,
                                            String... headers) throws Exception {
        HttpRequest.Builder b = HttpRequest.newBuilder(URI.create("http://127.0.0.1:" + port + target))
                .timeout(Duration.ofSeconds(10))
                .header("X-Forwarded-For", client).header("X-Request-Id", requestId).header("User-Agent", userAgent);
        for (int i = 0; i < headers.length; i += 2) {
            b.header(headers[i], headers[i + 1]);
        }
        return CLIENT.send(b.GET().build(), HttpResponse.BodyHandlers.ofString());
    }

    private static String wrongCounter(ChallengeForm form) {
        ProofOfWork work = new ProofOfWork();
        for (long c = 0; ; c++) {
            if (!work.solves(form.nonce(), Long.toString(c), form.difficulty())) {
                return Long.toString(c);
            }
        }
    }

    /** The interstitial's form, as the page's script reads it. */
    private static ChallengeForm form(String html) {
        ChallengeForm form = ChallengeForm.parse(html);
        assertNotNull(form, "a challenge page: " + html);
        return form;
    }
}
