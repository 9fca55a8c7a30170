package dev.bliss.proxy.admin;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.bliss.proxy.ProxyServer;
import dev.bliss.proxy.testing.AdminHttp;
import dev.bliss.proxy.testing.Await;
import dev.bliss.proxy.testing.Proxies;
import dev.bliss.proxy.testing.TestOrigin;
import io.vertx.core.json.JsonObject;
import java.net.URI;
import java.util.function.Predicate;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

/**
 * A section another process reports, on {@code /stats}: a real second server on loopback plays
 * the feature service's admin ({@code GET /status}); the proxy's admin server fetches it, shows
 * its answer, does not fetch it again on every read, and says "unreachable" with the reason when
 * it refuses connections, hangs, or answers an error.
 */
class RemoteStatusSectionTest {

    private final TestOrigin origin = new TestOrigin();
    private final TestOrigin service = new TestOrigin();
    private ProxyServer proxy;

    @BeforeEach
    void start() throws Exception {
        proxy = Proxies.start(Proxies.singleOrigin(origin.url(), ""));
    }

    @AfterEach
    void stop() {
        proxy.close();
        origin.close();
        service.close();
    }

    @Test
    void shouldShowTheOtherProcesssStatusAndFetchItAtMostEveryRefresh() throws Exception {
        service.behaviour(req -> service.record(req, () -> req.response().putHeader("content-type", "application/json")
                .end(new JsonObject().put("healthy", true).put("snapshot", new JsonObject().put("sequence", 41)).encode())));
        proxy.addRemoteStatsSection("feature_service", URI.create(service.url() + "/status"));

        JsonObject shown = sectionWhen(s -> s.containsKey("snapshot"));
        assertEquals(41, shown.getJsonObject("snapshot").getInteger("sequence"), shown.encode());
        assertEquals(true, shown.getBoolean("healthy"));
        assertEquals(service.url() + "/status", shown.getString("source"));
        assertTrue(shown.getLong("fetched_ms_ago") >= 0, shown.encode());
        assertEquals("/status", service.next().uri());

        // many reads within the refresh: answered from the last fetch, not one fetch each
        for (int i = 0; i < 20; i++) {
            section();
        }
        assertTrue(service.seenCount() <= 1, "at most one more fetch, started by the reads, not 20: " + service.seenCount());
    }

    @Test
    void shouldSayUnreachableWithTheErrorWhenTheProcessIsGoneAndKeepWhenItWasLastReached() throws Exception {
        service.behaviour(req -> service.record(req, () -> req.response().end("{\"healthy\":true}")));
        proxy.addRemoteStatsSection("feature_service", URI.create(service.url() + "/status"));
        sectionWhen(s -> s.containsKey("healthy"));
        service.close();

        JsonObject shown = sectionWhen(s -> s.containsKey("unreachable"));
        assertTrue(shown.getString("unreachable").toLowerCase().contains("connection refused"), shown.encode());
        assertNotNull(shown.getLong("last_reached_ms_ago"), "when it answered last: " + shown.encode());
        assertTrue(!shown.containsKey("healthy"), "the last answer is not shown as if current: " + shown.encode());
    }

    @Test
    void shouldGiveUpOnAProcessThatDoesNotAnswerWithinTheTimeout() throws Exception {
        service.behaviour(req -> { }); // accepts and reads nothing, answers nothing
        proxy.addRemoteStatsSection("feature_service", URI.create(service.url() + "/status"));
        JsonObject shown = sectionWhen(s -> !"no answer yet".equals(s.getString("unreachable")));
        assertEquals("no answer within " + RemoteStatusSection.TIMEOUT_MILLIS + " ms", shown.getString("unreachable"), shown.encode());
    }

    @Test
    void shouldShowAnErrorStatusOrABodyThatIsNotAnObjectAsUnreachable() throws Exception {
        service.behaviour(req -> service.record(req, () -> {
            if (req.path().equals("/failing")) {
                req.response().setStatusCode(503).end("stuck");
            } else {
                req.response().end("[1, 2]");
            }
        }));
        proxy.addRemoteStatsSection("failing", URI.create(service.url() + "/failing"));
        proxy.addRemoteStatsSection("garbled", URI.create(service.url() + "/garbled"));
        JsonObject sections = sectionsWhen(all -> !"no answer yet".equals(all.getJsonObject("failing").getString("unreachable"))
                && !"no answer yet".equals(all.getJsonObject("garbled").getString("unreachable")));
        assertEquals("HTTP 503 from " + service.url() + "/failing", sections.getJsonObject("failing").getString("unreachable"));
        assertTrue(sections.getJsonObject("garbled").getString("unreachable").startsWith("not a JSON object from " + service.url()),
                sections.encode());
    }

    @Test
    void shouldRefuseAnUrlItCannotFetch() {
        IllegalArgumentException e = org.junit.jupiter.api.Assertions.assertThrows(IllegalArgumentException.class,
                () -> proxy.addRemoteStatsSection("x", URI.create("https://127.0.0.1:1/status")));
        assertTrue(e.getMessage().contains("http://host:port/path"), e.getMessage());
    }

    private JsonObject section() throws Exception {
        return new JsonObject(AdminHttp.get(proxy.adminPort(), "/stats").body()).getJsonObject("sections")
                .getJsonObject("feature_service");
    }

    /** The feature_service section once {@code until} holds, reading /stats at most 10 s. */
    private JsonObject sectionWhen(Predicate<JsonObject> until) throws Exception {
        return sectionsWhen(all -> until.test(all.getJsonObject("feature_service"))).getJsonObject("feature_service");
    }

    private JsonObject sectionsWhen(Predicate<JsonObject> until) throws Exception {
        JsonObject sections = Await.until(
                () -> new JsonObject(AdminHttp.get(proxy.adminPort(), "/stats").body()).getJsonObject("sections"), until);
        if (!until.test(sections)) {
            throw new AssertionError("not within 10 s: " + sections.encode());
        }
        return sections;
    }
}
