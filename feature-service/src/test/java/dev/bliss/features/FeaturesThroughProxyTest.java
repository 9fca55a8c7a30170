package dev.bliss.features;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.bliss.features.events.EventsRing;
import dev.bliss.features.events.RecordCheck;
import dev.bliss.proxy.ProxyServer;
import dev.bliss.proxy.testing.TestOrigin;
import dev.bliss.store.FeatureStoreReader;
import dev.bliss.store.events.RequestEventLayout;
import java.nio.file.Path;
import java.time.Duration;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The real proxy with the real bot-management plugin writing request events, the real feature
 * service aggregating and publishing them, and the plugin reading the published features back
 * into its model: the loop the whole design is for. Client addresses come through
 * X-Forwarded-For from the trusted loopback peer.
 */
class FeaturesThroughProxyTest {

    private static final String CLIENT = "203.0.113.7";
    private static final Duration PUBLISH = Duration.ofMillis(200);
    private static final Duration WAIT = Duration.ofSeconds(15);

    @TempDir
    Path dir;

    private FeatureLab lab;
    private final TestOrigin origin = new TestOrigin();
    private ProxyServer proxy;
    private FeatureService service;

    @BeforeEach
    void lab() throws Exception {
        lab = new FeatureLab(dir);
    }

    @AfterEach
    void stop() {
        if (proxy != null) {
            proxy.close();
        }
        if (service != null) {
            service.close();
        }
        origin.close();
    }

    private float distinctUserAgents(FeatureStoreReader reader, long[] sequence) {
        FeatureLookup l = FeatureLookup.find(reader, lab.schema.schema(), "ip", CLIENT);
        sequence[0] = l.sequence();
        return l.status() == FeatureLookup.Status.FOUND ? l.values()[l.names().indexOf("distinct_ua_10m")] : -1;
    }

    private String scoreOfNextRequest(String userAgent) throws Exception {
        assertEquals(200, FeatureLab.get(proxy, CLIENT, userAgent).status());
        return origin.next().headers().get("x-bot-score");
    }

    @Test
    void shouldLearnFiftyUserAgentsOfOneAddressScoreItAutomatedAndFallBackWhenTheServiceStops() throws Exception {
        service = lab.startService(PUBLISH);
        proxy = lab.startProxy(origin.url(), "3s");
        FeatureLab.await("first snapshot", WAIT, () -> service.lastPublish() != null);

        assertEquals(String.valueOf(FeatureLab.HUMAN_SCORE), scoreOfNextRequest(FeatureLab.browser(0)),
                "a new client: no stored features, the model sees the defaults");
        for (int i = 1; i < 50; i++) {
            assertEquals(200, FeatureLab.get(proxy, CLIENT, FeatureLab.browser(i)).status());
            origin.next();
        }
        long sequenceAtLastRequest = service.lastPublish().sequence();

        long[] sequence = new long[1];
        float[] distinct = new float[1];
        try (FeatureStoreReader reader = lab.reader()) {
            FeatureLab.await("ip.distinct_ua_10m of " + CLIENT + " near 50", WAIT, () -> {
                distinct[0] = distinctUserAgents(reader, sequence);
                return distinct[0] >= 50 * (1 - 3 * 0.046);
            });
        }
        // 50 values in a 256-bit linear counter: standard error 4.6%; three of them either side
        assertEquals(50, distinct[0], 50 * 3 * 0.046, "estimate of 50 distinct user agents");
        assertTrue(sequence[0] - sequenceAtLastRequest <= 2, "published in snapshot " + sequence[0]
                + ", the last request was answered during snapshot " + sequenceAtLastRequest);

        assertEquals(String.valueOf(FeatureLab.AUTOMATED_SCORE), scoreOfNextRequest(FeatureLab.browser(0)),
                "the same browser as its first request, now after 50 user agents in 10 minutes");
        FeatureLab.await("every request became one event", WAIT, () -> service.consumer().count(RecordCheck.OK) == 51);

        // the service stops: the proxy keeps scoring with the last snapshot until it is max_feature_age old
        service.close();
        long stoppedAt = System.currentTimeMillis();
        service = null;
        String score = scoreOfNextRequest(FeatureLab.browser(0));
        if (System.currentTimeMillis() - stoppedAt < 2_000) { // unless the machine stalled past the age limit
            assertEquals(String.valueOf(FeatureLab.AUTOMATED_SCORE), score, "the last snapshot still scores");
        }
        FeatureLab.await("features reported stale", WAIT, () -> {
            try {
                return scoreOfNextRequest(FeatureLab.browser(0)).equals("0");
            } catch (Exception e) {
                throw new AssertionError(e);
            }
        });
        assertTrue(FeatureLab.proxyMetrics(proxy).contains(
                "bliss_plugin_bot_features_unavailable_total{plugin=\"bot\",reason=\"stale\"}"));
    }

    private static long dropped(String metrics, String reason) {
        java.util.regex.Matcher m = java.util.regex.Pattern.compile(
                "bliss_plugin_bot_events_dropped_total\\{plugin=\"bot\",reason=\"" + reason + "\"} ([0-9.]+)").matcher(metrics);
        return m.find() ? (long) Double.parseDouble(m.group(1)) : 0;
    }

    @Test
    void shouldKeepServingWhenTheRingIsFullAndCountTheDrops() throws Exception {
        EventsRing.openOrCreate(lab.ring(), 1, RequestEventLayout.MIN_CAPACITY); // one small ring nobody reads yet
        proxy = lab.startProxy(origin.url(), "1m");
        int requests = 120; // spread over the proxy's event loops: the one owning the ring gets more than fit
        for (int i = 0; i < requests; i++) {
            assertEquals(200, FeatureLab.get(proxy, CLIENT, FeatureLab.browser(i)).status());
            origin.next();
        }
        int recordLength = RequestEventLayout.bodyLength(lab.schema.schema().dimensions().size()) + 8;
        // Agrona's one-to-one ring keeps room for one more header after its last record (it zeroes
        // the next record's header at each claim), so a ring that records would fill exactly takes one less
        int fit = (RequestEventLayout.MIN_CAPACITY - 8) / recordLength;
        String metrics = FeatureLab.proxyMetrics(proxy);
        // an event loop that found the one ring owned by another counts its drops as ring_missing
        assertEquals(requests - fit, dropped(metrics, "ring_full") + dropped(metrics, "ring_missing"), metrics);
        assertTrue(dropped(metrics, "ring_full") > 0, metrics);

        service = lab.startService(PUBLISH);
        FeatureLab.await("the events that fitted are read", WAIT, () -> service.consumer().count(RecordCheck.OK) == fit);
        // the loop that had no ring claims one of the rings the service created within a second
        FeatureLab.await("the rings take events again", WAIT, () -> {
            try {
                assertEquals(200, FeatureLab.get(proxy, CLIENT, FeatureLab.browser(0)).status());
                origin.next();
            } catch (Exception e) {
                throw new AssertionError(e);
            }
            return service.consumer().count(RecordCheck.OK) > fit;
        });
    }
}
