package dev.bliss.challenge;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.bliss.plugin.ChallengeOutcome;
import dev.bliss.plugin.IpAddress;
import org.junit.jupiter.api.Test;

class SolutionCheckTest {

    private static final String UA = "Mozilla/5.0 (X11; Linux x86_64) Chrome/140.0.0.0 Safari/537.36";
    private static final long NOW = 1_800_000_000L;
    private static final int DIFFICULTY = 10;

    private final KeyRing keys = KeyRing.generated();
    private final ClientBinding client = new ClientBinding().bind(IpAddress.of("203.0.113.9"), UA, null);
    private final SolutionCheck check = new SolutionCheck(keys, 300);

    /** What the page's script does, in Java: the first counter whose hash has enough zero bits. */
    static String solve(String nonce, int difficulty) {
        ProofOfWork work = new ProofOfWork();
        for (long counter = 0; counter < 1L << (difficulty + 8); counter++) {
            String c = Long.toString(counter);
            if (work.solves(nonce, c, difficulty)) {
                return c;
            }
        }
        throw new AssertionError("no solution in 2^" + (difficulty + 8) + " tries");
    }

    private SolutionStatus verify(ClientBinding who, String nonce, String counter, String rule, int checks, String ua, long now) {
        return check.verify(who, nonce, counter, rule, checks, ua, EnvironmentCheck.ALL, now);
    }

    @Test
    void shouldAcceptARightSolution() {
        String nonce = new NonceIssuer(keys).issue(client, "challenge-uncertain", DIFFICULTY, NOW);
        String counter = solve(nonce, DIFFICULTY);
        assertEquals(SolutionStatus.SOLVED, verify(client, nonce, counter, "challenge-uncertain", EnvironmentCheck.ALL, UA, NOW + 2));
        assertEquals(EnvironmentCheck.ALL, check.passedChecks());
    }

    @Test
    void shouldRefuseAWrongProofOfWork() {
        String nonce = new NonceIssuer(keys).issue(client, "r", DIFFICULTY, NOW);
        String counter = solve(nonce, DIFFICULTY);
        ProofOfWork work = new ProofOfWork();
        String wrong = counter;
        for (long c = Long.parseLong(counter) + 1; ; c++) {
            if (!work.solves(nonce, Long.toString(c), DIFFICULTY)) {
                wrong = Long.toString(c);
                break;
            }
        }
        assertEquals(SolutionStatus.WRONG_WORK, verify(client, nonce, wrong, "r", EnvironmentCheck.ALL, UA, NOW));
        assertEquals(SolutionStatus.WRONG_WORK, verify(client, nonce, "0" + counter, "r", EnvironmentCheck.ALL, UA, NOW));
        assertEquals(SolutionStatus.WRONG_WORK, verify(client, nonce, "", "r", EnvironmentCheck.ALL, UA, NOW));
        assertEquals(SolutionStatus.WRONG_WORK, verify(client, nonce, "12345678901234567", "r", EnvironmentCheck.ALL, UA, NOW));
    }

    @Test
    void shouldRefuseAStaleNonce() {
        String nonce = new NonceIssuer(keys).issue(client, "r", DIFFICULTY, NOW);
        String counter = solve(nonce, DIFFICULTY);
        assertEquals(SolutionStatus.SOLVED, verify(client, nonce, counter, "r", EnvironmentCheck.ALL, UA, NOW + 300));
        assertEquals(SolutionStatus.STALE, verify(client, nonce, counter, "r", EnvironmentCheck.ALL, UA, NOW + 301));
    }

    @Test
    void shouldCallASolutionFromAnotherClientReplayed() {
        String nonce = new NonceIssuer(keys).issue(client, "r", DIFFICULTY, NOW);
        String counter = solve(nonce, DIFFICULTY);
        ClientBinding other = new ClientBinding().bind(IpAddress.of("192.0.2.1"), UA, null);
        assertEquals(SolutionStatus.REPLAYED, verify(other, nonce, counter, "r", EnvironmentCheck.ALL, UA, NOW));
        ClientBinding otherAgent = new ClientBinding().bind(IpAddress.of("203.0.113.9"), "python-requests/2.32", null);
        assertEquals(SolutionStatus.REPLAYED, verify(otherAgent, nonce, counter, "r", EnvironmentCheck.ALL, UA, NOW));
        assertEquals(ChallengeOutcome.REPLAYED, SolutionStatus.REPLAYED.outcome());
    }

    @Test
    void shouldRefuseAForgedNonceOrAnotherRule() {
        String nonce = new NonceIssuer(KeyRing.generated()).issue(client, "r", 0, NOW);
        assertEquals(SolutionStatus.TAMPERED, verify(client, nonce, "0", "r", EnvironmentCheck.ALL, UA, NOW));
        String ours = new NonceIssuer(keys).issue(client, "r", 0, NOW);
        assertEquals(SolutionStatus.TAMPERED, verify(client, ours, "0", "another-rule", EnvironmentCheck.ALL, UA, NOW));
        assertEquals(SolutionStatus.TAMPERED, verify(client, null, "0", "r", EnvironmentCheck.ALL, UA, NOW));
        String clearance = new ClearanceIssuer(keys).issue(client, NOW, 60, 7);
        assertEquals(SolutionStatus.TAMPERED, verify(client, clearance, "0", "r", EnvironmentCheck.ALL, UA, NOW));
    }

    @Test
    void shouldRefuseWhenARequiredCheckFailed() {
        String nonce = new NonceIssuer(keys).issue(client, "r", 0, NOW);
        int noWebdriver = EnvironmentCheck.ALL & ~EnvironmentCheck.WEBDRIVER.bit();
        assertEquals(SolutionStatus.CHECKS_FAILED, verify(client, nonce, "0", "r", noWebdriver, UA, NOW));
        assertEquals(noWebdriver, check.passedChecks());
        // the user agent the script saw differs from the header: consistency fails whatever the page said
        assertEquals(SolutionStatus.CHECKS_FAILED, verify(client, nonce, "0", "r", EnvironmentCheck.ALL, "Mozilla/5.0 other", NOW));
        assertEquals(EnvironmentCheck.ALL & ~EnvironmentCheck.CONSISTENCY.bit(), check.passedChecks());
        // nothing required: the work alone earns the clearance, and the bits say what failed
        assertEquals(SolutionStatus.SOLVED, check.verify(client, nonce, "0", "r", noWebdriver, UA, 0, NOW));
        assertEquals(noWebdriver, check.passedChecks());
    }

    @Test
    void shouldCountLeadingZeroBits() {
        assertEquals(256, ProofOfWork.leadingZeroBits(new byte[32]));
        byte[] h = new byte[32];
        h[2] = 0x10;
        assertEquals(19, ProofOfWork.leadingZeroBits(h));
        h[0] = (byte) 0x80;
        assertEquals(0, ProofOfWork.leadingZeroBits(h));
        assertTrue(new ProofOfWork().solves("n", "1", 0));
        assertFalse(new ProofOfWork().solves("n", "1x", 0));
    }
}
