package dev.bliss.training.simulate.actor;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.bliss.training.simulate.Header;
import dev.bliss.training.simulate.Population;
import dev.bliss.training.simulate.PopulationMix;
import dev.bliss.training.simulate.SimulatedRequest;
import dev.bliss.training.simulate.identity.TlsClient;
import java.util.HashMap;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import org.junit.jupiter.api.Test;

/**
 * People behind a TLS-intercepting gateway send their browser's headers (client hints included,
 * the page being a secure context for the browser) over the gateway's TLS stack, a tool's, from
 * egress addresses they share with everyone else behind it.
 */
class MiddleboxPeopleTest {

    @Test
    void shouldSendABrowsersHeadersOverTheGatewaysStackFromSharedAddresses() {
        Cast cast = new Cast(11, PopulationMix.parse("middlebox=1"), 4000, "https://shop.example", 0);
        Set<String> toolStacks = Set.of(TlsClient.GO.ja4(), TlsClient.CURL.ja4());
        Map<String, Set<Integer>> actorsByAddress = new HashMap<>();
        Map<String, Set<String>> stacksByAddress = new HashMap<>();
        Set<String> userAgents = new HashSet<>();
        int requests = 0;
        int chromium = 0;
        while (cast.hasNext(Population.MIDDLEBOX)) {
            Actor actor = cast.next(Population.MIDDLEBOX);
            while (actor.hasNext()) {
                SimulatedRequest r = actor.next().request();
                actor.onResponse(200, List.of());
                requests++;
                assertEquals(0, r.population().label(), "people");
                assertTrue(toolStacks.contains(r.fingerprint().ja4()), "the gateway's stack, not the browser's: " + r.fingerprint());
                String ua = header(r, "User-Agent");
                assertTrue(ua.startsWith("Mozilla/5.0 ("), "a browser's user agent: " + ua);
                userAgents.add(ua);
                if (ua.contains("Chrome/") && header(r, "sec-ch-ua") != null) {
                    chromium++;
                }
                actorsByAddress.computeIfAbsent(r.clientIp(), a -> new HashSet<>()).add(r.actor());
                stacksByAddress.computeIfAbsent(r.clientIp(), a -> new HashSet<>()).add(r.fingerprint().ja4());
            }
        }
        assertEquals(4000, requests);
        assertTrue(chromium > requests / 4, "Chromium sends its client hints through the gateway: " + chromium);
        assertTrue(actorsByAddress.size() <= 8 * 4, "a few gateways' egress addresses: " + actorsByAddress.keySet());
        int busiest = actorsByAddress.values().stream().mapToInt(Set::size).max().orElseThrow();
        assertTrue(busiest >= 5, "people share an egress address: at most " + busiest + " on one");
        assertTrue(userAgents.size() > 10, "many browsers behind the gateways: " + userAgents.size());
        stacksByAddress.forEach((address, stacks) -> assertEquals(1, stacks.size(), "one stack per gateway: " + address));
    }

    private static String header(SimulatedRequest r, String name) {
        for (Header h : r.headers()) {
            if (h.name().equalsIgnoreCase(name)) {
                return h.value();
            }
        }
        return null;
    }
}
