package dev.bliss.challenge;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.bliss.plugin.IpAddress;
import java.net.URLDecoder;
import java.nio.charset.StandardCharsets;
import java.util.HashMap;
import java.util.Map;
import org.junit.jupiter.api.Test;

/** The page {@link InterstitialPage} renders, read back by {@link ChallengeForm}, solved and verified. */
class ChallengeFormTest {

    private static final String UA = "Mozilla/5.0 (X11; Linux x86_64) Chrome/140.0.0.0 Safari/537.36";
    private static final long NOW = 1_800_000_000L;

    private final KeyRing keys = KeyRing.generated();
    private final ClientBinding client = new ClientBinding().bind(IpAddress.of("203.0.113.9"), UA, null);

    @Test
    void shouldReadBackWhatThePageRendersAndEarnAClearanceWithItsSolution() {
        String nonce = new NonceIssuer(keys).issue(client, "sign-in", 6, NOW);
        String returnTo = "/search?q=\"rain\" <jacket>&page='2'";
        byte[] page = InterstitialPage.load().render("/.bliss/challenge/verify", 6, nonce, "sign-in", returnTo, "req-1");

        ChallengeForm form = ChallengeForm.parse(new String(page, StandardCharsets.UTF_8));
        assertEquals(new ChallengeForm("/.bliss/challenge/verify", 6, nonce, "sign-in", returnTo), form);

        String counter = form.solve();
        assertTrue(new ProofOfWork().solves(nonce, counter, 6));
        String target = form.verification(counter, EnvironmentCheck.ALL, UA, 1200);
        assertTrue(target.startsWith("/.bliss/challenge/verify?"), target);
        Map<String, String> q = query(target.substring(target.indexOf('?') + 1));
        assertEquals(Map.of("n", nonce, "r", "sign-in", "to", returnTo, "c", counter, "k", "7", "u", UA, "t", "1200"), q);

        SolutionCheck check = new SolutionCheck(keys, 300);
        assertEquals(SolutionStatus.SOLVED, check.verify(client, q.get("n"), q.get("c"), q.get("r"), Integer.parseInt(q.get("k")),
                q.get("u"), EnvironmentCheck.ALL, NOW + 2));
    }

    @Test
    void shouldNotTakeAnotherPageForAChallenge() {
        assertNull(ChallengeForm.parse("<!doctype html><title>Shop</title><form action=\"/search\"><input name=\"q\"></form>"));
        assertNull(ChallengeForm.parse("challenge required: this request must pass a browser challenge"));
        assertNull(ChallengeForm.parse(""));
    }

    private static Map<String, String> query(String query) {
        Map<String, String> values = new HashMap<>();
        for (String pair : query.split("&")) {
            int eq = pair.indexOf('=');
            values.put(pair.substring(0, eq), URLDecoder.decode(pair.substring(eq + 1), StandardCharsets.UTF_8));
        }
        return values;
    }
}
