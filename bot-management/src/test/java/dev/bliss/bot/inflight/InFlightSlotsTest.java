package dev.bliss.bot.inflight;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotEquals;

import dev.bliss.plugin.RequestView;
import java.util.ArrayList;
import java.lang.reflect.Proxy;
import java.util.HashSet;
import java.util.IdentityHashMap;
import java.util.List;
import java.util.Map;
import java.util.SplittableRandom;
import java.util.Set;
import org.junit.jupiter.api.Test;

/**
 * The slots of requests in flight, found by view identity: distinct slots while held, the same
 * slot for the same view, none when all are held, and lookups that stay right through any order
 * of releases (the table's backward-shift deletion), checked against a plain map.
 */
class InFlightSlotsTest {

    @Test
    void shouldGiveDistinctSlotsAndNoneWhenAllAreHeld() {
        InFlightSlots slots = new InFlightSlots(4);
        List<RequestView> views = views(5);
        Set<Integer> seen = new HashSet<>();
        for (int i = 0; i < 4; i++) {
            seen.add(slots.claim(views.get(i)));
        }
        assertEquals(Set.of(0, 1, 2, 3), seen);
        assertEquals(-1, slots.claim(views.get(4)), "all four held");
        assertEquals(slots.find(views.get(2)), slots.claim(views.get(2)), "a view holding a slot keeps it");
        slots.release(views.get(2));
        assertEquals(-1, slots.find(views.get(2)));
        assertNotEquals(-1, slots.claim(views.get(4)), "a released slot is free again");
        assertEquals(4, slots.inUse());
    }

    @Test
    void shouldFindEveryHeldViewThroughRandomClaimsAndReleases() {
        InFlightSlots slots = new InFlightSlots(64);
        List<RequestView> views = views(200);
        Map<RequestView, Integer> held = new IdentityHashMap<>();
        SplittableRandom random = new SplittableRandom(42);
        for (int step = 0; step < 100_000; step++) {
            RequestView v = views.get(random.nextInt(views.size()));
            if (held.containsKey(v) && random.nextBoolean()) {
                slots.release(v);
                held.remove(v);
            } else if (!held.containsKey(v)) {
                int slot = slots.claim(v);
                if (held.size() == 64) {
                    assertEquals(-1, slot);
                } else {
                    assertNotEquals(-1, slot);
                    assertFalse(held.containsValue(slot), "slot " + slot + " handed out twice");
                    held.put(v, slot);
                }
            }
            for (RequestView w : views) {
                Integer expected = held.get(w);
                assertEquals(expected == null ? -1 : expected, slots.find(w));
            }
        }
    }

    /** Distinct view objects; only their identity is used. */
    private static List<RequestView> views(int n) {
        List<RequestView> views = new ArrayList<>();
        for (int i = 0; i < n; i++) {
            views.add((RequestView) Proxy.newProxyInstance(RequestView.class.getClassLoader(), new Class<?>[] {RequestView.class},
                    (proxy, method, args) -> {
                        throw new UnsupportedOperationException(method.getName());
                    }));
        }
        return views;
    }
}
