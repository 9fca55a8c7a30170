package dev.bliss.proxy.metrics;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.sun.management.ThreadMXBean;
import dev.bliss.proxy.routing.Route;
import dev.bliss.proxy.stats.OriginRecorder;
import java.lang.management.ManagementFactory;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;

/**
 * The per-loop request counters and origin recorders: what two loops count comes out added up
 * under the documented names, a route that a reload replaces counts on, and recording allocates
 * nothing (thread-allocated bytes over 200,000 requests across minutes).
 */
class RequestMetersTest {

    private static final long MINUTE = 60_000_000_000L;

    private final ProxyMetrics metrics = new ProxyMetrics();

    @AfterEach
    void close() {
        metrics.close();
    }

    @Test
    void shouldAddTheLoopsCountsUpAtScrapeTime() {
        RequestMeters a = metrics.newLoopMeters();
        RequestMeters b = metrics.newLoopMeters();
        Route api = new Route(0, "api", "example.test", false, "/", null);
        long now = System.nanoTime();
        for (int i = 0; i < 7; i++) {
            a.request(api, 200, 300_000, now); // 0.3 ms: the 0.5 ms bucket
        }
        b.request(api, 200, 2_000_000_000L, now); // 2 s
        b.request(api, 503, 40_000, now); // 40 µs: the first bucket
        b.request(null, 404, 1_000, now);
        // a reload: the same name in another route object, at another index
        Route apiAgain = new Route(3, "api", "example.test", false, "/", null);
        a.request(apiAgain, 200, 300_000, now);
        a.localResponse("no_route");
        b.localResponse("no_route");
        a.originError(null, "timeout");

        String text = metrics.scrape();
        assertTrue(text.contains("bliss_requests_total{route=\"api\",status=\"200\"} 9.0"), text);
        assertTrue(text.contains("bliss_requests_total{route=\"api\",status=\"503\"} 1.0"), text);
        assertTrue(text.contains("bliss_requests_total{route=\"none\",status=\"404\"} 1.0"), text);
        assertTrue(text.contains("bliss_request_duration_seconds_bucket{route=\"api\",le=\"2.5E-4\"} 1"), text);
        assertTrue(text.contains("bliss_request_duration_seconds_bucket{route=\"api\",le=\"5.0E-4\"} 9"), text);
        assertTrue(text.contains("bliss_request_duration_seconds_bucket{route=\"api\",le=\"2.5\"} 10"), text);
        assertTrue(text.contains("bliss_request_duration_seconds_count{route=\"api\"} 10"), text);
        assertTrue(text.contains("bliss_request_duration_seconds_max{route=\"api\"} 2.0"), text);
        assertTrue(text.contains("bliss_local_responses_total{reason=\"no_route\"} 2.0"), text);
        assertTrue(text.contains("bliss_origin_errors_total{kind=\"timeout\",upstream=\"\"} 1.0"), text);
    }

    @Test
    void shouldForgetTheMaximumOfMinutesPast() {
        RequestMeters a = metrics.newLoopMeters();
        Route r = new Route(0, "web", "example.test", false, "/", null);
        long now = System.nanoTime();
        a.request(r, 200, 5_000_000_000L, now - 3 * MINUTE);
        a.request(r, 200, 1_000_000, now);
        assertTrue(metrics.scrape().contains("bliss_request_duration_seconds_max{route=\"web\"} 0.001"), metrics.scrape());
    }

    @Test
    void shouldRecordRequestsAndOriginsWithoutAllocating() {
        RequestMeters meters = metrics.newLoopMeters();
        OriginRecorder origin = metrics.origins().newRecorder("app", "http://127.0.0.1:9");
        Route[] routes = {new Route(0, "a", "x", false, "/", null), new Route(1, "b", "x", false, "/", null), null};
        int[] statuses = {200, 204, 302, 404, 500, 503, 999};
        long[] clock = {5_000 * MINUTE};
        Runnable round = () -> {
            for (int i = 0; i < 1_000; i++) {
                long t = clock[0] += 1_000_000; // 1 ms apart: minutes roll over during the run
                long nanos = 50_000L << (i % 20);
                meters.request(routes[i % 3], statuses[i % statuses.length], nanos, t);
                origin.connections(i % 8, i % 3);
                origin.requestBytes(i);
                origin.responseBytes(2 * i);
                origin.exchange(t, i % 5 == 0 ? -1 : nanos);
                if (i % 50 == 0) {
                    origin.failed(t);
                    meters.localResponse("origin_timeout");
                    meters.originError(null, "timeout");
                }
            }
        };
        for (int w = 0; w < 200; w++) {
            round.run();
        }
        ThreadMXBean threads = (ThreadMXBean) ManagementFactory.getThreadMXBean();
        long allocated = Long.MAX_VALUE;
        for (int attempt = 0; attempt < 3 && allocated != 0; attempt++) {
            long before = threads.getCurrentThreadAllocatedBytes();
            for (int i = 0; i < 200; i++) {
                round.run();
            }
            allocated = Math.min(allocated, threads.getCurrentThreadAllocatedBytes() - before);
        }
        assertEquals(0, allocated, "bytes allocated recording 200,000 requests and their origin exchanges");
    }
}
