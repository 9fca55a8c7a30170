package dev.bliss.training.simulate.actor;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.bliss.challenge.ChallengeForm;
import dev.bliss.challenge.EnvironmentCheck;
import dev.bliss.challenge.ProofOfWork;
import dev.bliss.training.simulate.Header;
import dev.bliss.training.simulate.Population;
import dev.bliss.training.simulate.PopulationMix;
import dev.bliss.training.simulate.SimulatedRequest;
import java.net.URLDecoder;
import java.nio.charset.StandardCharsets;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

/**
 * What an actor does with the proxy's challenge page: a browser over TLS submits the solution
 * with the checks its environment passes, then loads the challenged page again with the
 * clearance; over cleartext, or as a script, it goes on with its plan.
 */
class ChallengeAnswersTest {

    private static final String VERIFY = "/.bliss/challenge/verify";
    private static final int DIFFICULTY = 4;

    @Test
    void shouldSolveThenReloadTheChallengedPageWithTheClearance() {
        Actor person = first(Population.HUMAN, 0);
        SimulatedRequest page = person.next().request();
        person.onResponse(403, List.of(), null, challenge(page.path()));

        SimulatedRequest verify = person.next().request();
        assertTrue(verify.path().startsWith(VERIFY + "?"), verify.path());
        Map<String, String> q = query(verify.path());
        assertEquals(page.path(), q.get("to"));
        assertTrue(new ProofOfWork().solves("nonce-1", q.get("c"), DIFFICULTY), "the work is done: " + q);
        assertEquals(String.valueOf(EnvironmentCheck.ALL), q.get("k"), "a person's browser passes every check");
        assertEquals(Header.value(page.headers(), "User-Agent"), q.get("u"));
        assertEquals(page.clientIp(), verify.clientIp());
        assertEquals(page.fingerprint(), verify.fingerprint());
        if (Header.value(page.headers(), "Sec-Fetch-Site") != null) {
            assertEquals("same-origin", Header.value(verify.headers(), "Sec-Fetch-Site"), "a submission from the page");
        }

        person.onResponse(303, List.of("bliss_clearance=t0ken; Path=/; HttpOnly"), page.path(), null);
        SimulatedRequest reload = person.next().request();
        assertEquals(page.method() + " " + page.path(), reload.method() + " " + reload.path());
        assertTrue(Header.value(reload.headers(), "Cookie").contains("bliss_clearance=t0ken"), reload.headers().toString());
        assertEquals(names(page.headers()).stream().filter(n -> !n.equals("cookie")).toList(),
                names(reload.headers()).stream().filter(n -> !n.equals("cookie")).toList(), "the page's headers in their order");

        person.onResponse(200, List.of(), null, null);
        if (person.hasNext()) {
            SimulatedRequest after = person.next().request();
            assertFalse(after.path().startsWith(VERIFY), "back to its plan");
            assertTrue(Header.value(after.headers(), "Cookie").contains("bliss_clearance=t0ken"), "and keeps the clearance");
        }
    }

    @Test
    void shouldReportWhatAScriptedHeadlessChromeGivesAway() {
        Actor headless = first(Population.HEADLESS, 0);
        SimulatedRequest page = headless.next().request();
        headless.onResponse(403, List.of(), null, challenge(page.path()));
        int checks = Integer.parseInt(query(headless.next().request().path()).get("k"));
        assertEquals(0, checks & EnvironmentCheck.WEBDRIVER.bit(), "navigator.webdriver is true under Puppeteer");

        Actor disguised = first(Population.BROWSER_AUTOMATION, 0);
        SimulatedRequest other = disguised.next().request();
        disguised.onResponse(403, List.of(), null, challenge(other.path()));
        assertEquals(String.valueOf(EnvironmentCheck.ALL), query(disguised.next().request().path()).get("k"), "a stealth plugin hides it");
    }

    @Test
    void shouldGoOnWithItsPlanWhenItCannotOrDoesNotSolve() {
        // over plain HTTP the page's WebCrypto does not exist
        Actor cleartext = first(Population.HUMAN, 1);
        SimulatedRequest page = cleartext.next().request();
        cleartext.onResponse(403, List.of(), null, challenge(page.path()));
        assertFalse(cleartext.next().request().path().startsWith(VERIFY));

        // an HTTP library does not run scripts
        Actor script = first(Population.UA_ROTATOR, 0);
        SimulatedRequest scripted = script.next().request();
        script.onResponse(403, List.of(), null, challenge(scripted.path()));
        assertFalse(script.next().request().path().startsWith(VERIFY));

        // a refused solution is not followed anywhere
        Actor refused = first(Population.HUMAN, 0);
        SimulatedRequest first = refused.next().request();
        refused.onResponse(403, List.of(), null, challenge(first.path()));
        assertTrue(refused.next().request().path().startsWith(VERIFY));
        refused.onResponse(403, List.of(), null, null);
        SimulatedRequest next = refused.next().request();
        assertFalse(next.path().startsWith(VERIFY));
        assertNotEquals(null, next.path());
    }

    /** The first actor of {@code population} with a few requests to send, all over cleartext or all over TLS. */
    private static Actor first(Population population, double cleartextShare) {
        Cast cast = new Cast(21, PopulationMix.parse(population.id() + "=1"), 400, "https://shop.example", cleartextShare);
        while (cast.hasNext(population)) {
            Actor actor = cast.next(population);
            if (actor.length() >= 4) {
                return actor;
            }
        }
        throw new AssertionError("no " + population.id() + " with four requests");
    }

    private static ChallengeForm challenge(String returnTo) {
        return new ChallengeForm(VERIFY, DIFFICULTY, "nonce-1", "sign-in", returnTo);
    }

    private static List<String> names(List<Header> headers) {
        return headers.stream().map(h -> h.name().toLowerCase(java.util.Locale.ROOT)).toList();
    }

    private static Map<String, String> query(String target) {
        Map<String, String> values = new HashMap<>();
        for (String pair : target.substring(target.indexOf('?') + 1).split("&")) {
            int eq = pair.indexOf('=');
            values.put(pair.substring(0, eq), URLDecoder.decode(pair.substring(eq + 1), StandardCharsets.UTF_8));
        }
        return values;
    }
}
