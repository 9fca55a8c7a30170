package dev.bliss.features;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.bliss.features.events.RecordCheck;
import dev.bliss.proxy.ProxyServer;
import dev.bliss.proxy.testing.RawHttp;
import dev.bliss.proxy.testing.TestOrigin;
import dev.bliss.store.FeatureStoreReader;
import java.nio.file.Path;
import java.time.Duration;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Event time end to end: the proxy takes each request's time from a trusted peer's
 * {@code x-event-time} (as the lab's simulator sends it), the feature service runs its windows on
 * those times, and the features read back follow the stamps, not the wall clock: forty requests
 * sent within a second of wall time but stamped ten minutes apart are one request per minute, a
 * stamp two hours on publishes a snapshot of that time and evicts the idle key.
 */
class EventTimeThroughProxyTest {

    private static final String CLIENT = "203.0.113.7";
    private static final String LATER_CLIENT = "203.0.113.8";
    /** 2026-06-01T00:00Z: far from the machine's clock on purpose. */
    private static final long T0 = 1_780_272_000_000L;
    private static final Duration WAIT = Duration.ofSeconds(15);

    @TempDir
    Path dir;

    private final TestOrigin origin = new TestOrigin();
    private ProxyServer proxy;
    private FeatureService service;

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

    private void send(String client, long at) throws Exception {
        try (RawHttp c = new RawHttp(proxy.port(0))) {
            RawHttp.Response r = c.exchange("GET /page HTTP/1.1\r\nHost: shop.example\r\nX-Forwarded-For: " + client
                    + "\r\nx-event-time: " + at + "\r\nUser-Agent: " + FeatureLab.browser(1) + "\r\nAccept: text/html");
            assertEquals(200, r.status());
        }
        origin.next();
    }

    private static float feature(FeatureStoreReader reader, FeatureLab lab, String client, String name) {
        FeatureLookup l = FeatureLookup.find(reader, lab.schema.schema(), "ip", client);
        return l.status() == FeatureLookup.Status.FOUND ? l.values()[l.names().indexOf(name)] : -1;
    }

    @Test
    void shouldCountRequestsByTheirStampsAndEvictByEventTime() throws Exception {
        FeatureLab lab = new FeatureLab(dir);
        service = FeatureService.start(lab.serviceOptions(Duration.ofSeconds(1)).eventTime(true), lab.schema.schema(),
                lab.schema.maxKeys());
        proxy = lab.startProxy(origin.url(), "5m", "      event_time_header: x-event-time\n");
        int requests = 40;
        for (int i = 0; i < requests; i++) {
            send(CLIENT, T0 + i * 15_000L); // one every 15 s of event time: 10 minutes in all
        }
        FeatureLab.await("every request became one event", WAIT, () -> service.consumer().count(RecordCheck.OK) == requests);
        long last = T0 + (requests - 1) * 15_000L;
        assertEquals(last, service.clockMillis(), "the service's now is the latest stamp");
        // a frame is published when event time passes a tick: one more stamp, a second on, starts it
        send(LATER_CLIENT, last + 1_000);
        FeatureLab.await("a snapshot at event time", WAIT,
                () -> service.lastPublish() != null && service.lastPublish().createdAtMillis() == last + 1_000);
        try (FeatureStoreReader reader = lab.reader()) {
            FeatureLab.await("features of the stamped snapshot", WAIT, () -> feature(reader, lab, CLIENT, "reqs_10m") > 0);
            // 4 stamps in the last minute (15 s apart), about 40 in ten minutes: the stamps' rate, not the
            // wall clock's (all 40 were sent within a few seconds)
            float perMinute = feature(reader, lab, CLIENT, "reqs_1m");
            assertTrue(perMinute >= 3 && perMinute <= 5.5, "ip.reqs_1m " + perMinute);
            float tenMinutes = feature(reader, lab, CLIENT, "reqs_10m");
            assertTrue(tenMinutes >= 30 && tenMinutes <= 40, "ip.reqs_10m " + tenMinutes);

            // two hours of event time later: the first client is idle past every window and goes
            long later = last + Duration.ofHours(2).toMillis();
            send(LATER_CLIENT, later);
            FeatureLab.await("a snapshot two hours on", WAIT,
                    () -> service.lastPublish() != null && service.lastPublish().createdAtMillis() == later);
            FeatureLab.await("the idle client evicted", WAIT, () -> feature(reader, lab, CLIENT, "reqs_10m") == -1);
            assertTrue(feature(reader, lab, LATER_CLIENT, "reqs_1m") >= 1, "the later client is counted");
        }
    }
}
