package dev.bliss.proxy.stats;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.bliss.plugin.IpAddress;
import dev.bliss.plugin.SyntheticRequest;
import dev.bliss.plugin.field.Fields;
import java.util.List;
import java.util.Map;
import java.util.stream.Collectors;
import org.junit.jupiter.api.Test;

/**
 * The recent top lists (client addresses, paths, deciding rules) cover the last few minutes, not
 * the time since start: what stopped coming drops out, what keeps coming stays, memory stays
 * within the tables.
 */
class RecentTopListsTest {

    private static final long MINUTE = 60_000_000_000L;
    private static final long T0 = 1_000 * MINUTE;

    private final RecordedExchanges x = new RecordedExchanges();
    private final TrafficStats stats = TrafficStats.of(x.scheme);
    private final LoopRecorder one = stats.newRecorder();
    private final LoopRecorder two = stats.newRecorder();
    private final Fields fields = x.scheme.newTable();

    @Test
    void shouldListTheLastMinutesTopValuesAcrossLoopsAndForgetOlderOnes() {
        record(one, "203.0.113.9", "/old", "old-rule", T0, 30);
        record(two, "203.0.113.9", "/old", "old-rule", T0 + 1, 10);
        record(one, "2001:db8::7", "/login", "rate-limit", T0 + 3 * MINUTE, 25);
        record(two, "198.51.100.4", "/login", null, T0 + 3 * MINUTE + 5, 5);

        TrafficSnapshot at3 = stats.snapshot(T0 + 3 * MINUTE + 10);
        assertEquals(Map.of("203.0.113.9", 40L, "2001:db8:0:0:0:0:0:7", 25L, "198.51.100.4", 5L), asMap(at3.recentClients()));
        assertEquals(Map.of("/old", 40L, "/login", 30L), asMap(at3.recentPaths()));
        assertEquals(Map.of("old-rule", 40L, "rate-limit", 25L), asMap(at3.recentRules()));
        assertEquals("203.0.113.9", at3.recentClients().get(0).value(), "most frequent first");

        // five minutes after the first traffic's minute, only the later traffic is in the window
        TrafficSnapshot at5 = stats.snapshot(T0 + 5 * MINUTE);
        assertEquals(Map.of("2001:db8:0:0:0:0:0:7", 25L, "198.51.100.4", 5L), asMap(at5.recentClients()));
        assertEquals(Map.of("/login", 30L), asMap(at5.recentPaths()));
        assertEquals(Map.of("rate-limit", 25L), asMap(at5.recentRules()));

        // the ring comes round: the old minute's slot is reused and holds only the new minute's values
        record(one, "192.0.2.1", "/new", "new-rule", T0 + 6 * MINUTE, 3);
        TrafficSnapshot at6 = stats.snapshot(T0 + 6 * MINUTE + 1);
        assertEquals(Map.of("2001:db8:0:0:0:0:0:7", 25L, "198.51.100.4", 5L, "192.0.2.1", 3L), asMap(at6.recentClients()));
        assertTrue(stats.snapshot(T0 + 20 * MINUTE).recentPaths().isEmpty(), "nothing in the last five minutes");
    }

    @Test
    void shouldKeepTheHeavyHittersWhenMoreValuesComeThanATableHolds() {
        long t = T0;
        for (int i = 0; i < 1_000; i++) {
            record(one, "10.0." + (i / 250) + "." + (i % 250), "/spread/" + i, null, t++, 1);
            if (i % 4 == 0) {
                record(one, "10.9.9.9", "/hot", null, t++, 1);
            }
        }
        List<TrafficSnapshot.Count> clients = stats.snapshot(t).recentClients();
        assertEquals("10.9.9.9", clients.get(0).value(), clients.toString());
        assertTrue(clients.get(0).count() >= 250, "an upper bound of its true count (250): " + clients.get(0));
        assertEquals("/hot", stats.snapshot(t).recentPaths().get(0).value());
    }

    @Test
    void shouldEstimateABusyLoopsTopValuesFromSamplesWithoutFallingIntoStepWithItsTraffic() {
        // two minutes at 20,000 a second: every other exchange from one client, the rest cycling
        // through eight others and eight paths, a pattern a fixed 1-in-n sampler would alias with
        String[] others = new String[8];
        SyntheticRequest[] requests = new SyntheticRequest[8];
        for (int i = 0; i < 8; i++) {
            others[i] = "198.51.100." + (10 + i);
            requests[i] = new SyntheticRequest().path("/p/" + i).clientAddress(IpAddress.of(others[i]));
        }
        SyntheticRequest hot = new SyntheticRequest().path("/hot").clientAddress(IpAddress.of("203.0.113.50"));
        long exchanges = 2 * 60 * 20_000;
        long t = T0;
        for (long i = 0; i < exchanges; i++, t += 50_000) {
            SyntheticRequest r = (i & 1) == 0 ? hot : requests[(int) (i >>> 1) & 7];
            one.record(r, fields, x.completion.at(t, null));
        }
        Map<String, Long> clients = asMap(stats.snapshot(t).recentClients());
        assertEquals(9, clients.size(), clients.toString());
        assertEquals(exchanges / 2, clients.get("203.0.113.50"), exchanges / 2 * 0.02, clients.toString());
        for (String other : others) {
            assertEquals(exchanges / 16, clients.get(other), exchanges / 16 * 0.1, other + " in " + clients);
        }
        Map<String, Long> paths = asMap(stats.snapshot(t).recentPaths());
        assertEquals(exchanges / 16, paths.get("/p/3"), exchanges / 16 * 0.1, paths.toString());
    }

    private void record(LoopRecorder r, String ip, String path, String rule, long at, int times) {
        SyntheticRequest request = new SyntheticRequest().path(path).clientAddress(IpAddress.of(ip));
        for (int i = 0; i < times; i++) {
            r.record(request, fields, x.completion.at(at, rule));
        }
    }

    private static Map<String, Long> asMap(List<TrafficSnapshot.Count> counts) {
        return counts.stream().collect(Collectors.toMap(TrafficSnapshot.Count::value, TrafficSnapshot.Count::count));
    }
}
