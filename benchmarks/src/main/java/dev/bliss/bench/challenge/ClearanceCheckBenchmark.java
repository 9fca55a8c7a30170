package dev.bliss.bench.challenge;

import dev.bliss.challenge.ClearanceCheck;
import dev.bliss.challenge.ClearanceIssuer;
import dev.bliss.challenge.ClearanceStatus;
import dev.bliss.challenge.ClientBinding;
import dev.bliss.challenge.EnvironmentCheck;
import dev.bliss.challenge.KeyRing;
import dev.bliss.challenge.NonceIssuer;
import dev.bliss.challenge.ProofOfWork;
import dev.bliss.challenge.SolutionCheck;
import dev.bliss.challenge.SolutionStatus;
import dev.bliss.plugin.IpAddress;
import dev.bliss.plugin.SyntheticRequest;
import java.util.concurrent.TimeUnit;
import org.openjdk.jmh.annotations.Benchmark;
import org.openjdk.jmh.annotations.BenchmarkMode;
import org.openjdk.jmh.annotations.Fork;
import org.openjdk.jmh.annotations.Measurement;
import org.openjdk.jmh.annotations.Mode;
import org.openjdk.jmh.annotations.OutputTimeUnit;
import org.openjdk.jmh.annotations.Scope;
import org.openjdk.jmh.annotations.Setup;
import org.openjdk.jmh.annotations.State;
import org.openjdk.jmh.annotations.Warmup;

/**
 * The browser challenge's per-request cost, as the proxy pays it for a request that carries a
 * clearance among other cookies (9 headers, a 111-character Chrome user agent, a JA4):
 * <ul>
 *   <li>{@code checkClearance}: binding (prefix, user-agent and JA4 hashes), the Cookie header
 *       scan, base64url decode, the seen-token cache hit, expiry and binding checks: what every
 *       request of a browser that solved a challenge costs;
 *   <li>{@code checkClearanceUncached}: the same with the HMAC (four SHA-256 blocks) every time,
 *       as for a client's first request on an event loop or a cookie flood;
 *   <li>{@code checkNoCookie}: a request without a clearance (a scan of the header names; no hashing);
 *   <li>{@code verifySolution}: one solution verified (HMAC, SHA-256, the user-agent check),
 *       once per solved challenge;
 *   <li>{@code bindClient}: the part of {@code checkClearance} that binds the request (the IP prefix,
 *       the user agent's and the JA4's Hash64), which a cached token cannot skip;
 *   <li>{@code sha256OneBlock}: the reference in the same run: one SHA-256 of 46 bytes (one block)
 *       through the JDK's MessageDigest, so figures taken on a loaded machine can be read as a
 *       ratio to it.
 * </ul>
 * Budget: 300 ns and 0 B/op for the per-request check ({@code -prof gc}).
 */
@BenchmarkMode(Mode.AverageTime)
@OutputTimeUnit(TimeUnit.NANOSECONDS)
@Fork(value = 1, jvmArgsAppend = {"--add-modules=jdk.incubator.vector", "--enable-native-access=ALL-UNNAMED"})
@Warmup(iterations = 3, time = 2)
@Measurement(iterations = 5, time = 2)
@State(Scope.Thread)
public class ClearanceCheckBenchmark {

    static final String CHROME = "Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 "
            + "(KHTML, like Gecko) Chrome/153.0.0.0 Safari/537.36";
    static final String JA4 = "t13d1516h2_8daaf6152771_02713d6af862";
    static final long NOW = 1_800_000_000L;
    /** More distinct tokens than the check's cache holds, round robin: every check misses. */
    static final int UNCACHED = 256;

    private final KeyRing keys = KeyRing.of(KeyRing.newKey(), KeyRing.newKey());
    private final ClientBinding binding = new ClientBinding();
    private final IpAddress address = IpAddress.of("198.51.100.7");
    private ClearanceCheck check;
    private ClearanceCheck uncachedCheck;
    private SyntheticRequest request;
    private CharSequence cookieHeader;
    private SyntheticRequest bare;
    private SyntheticRequest[] distinct;
    private int next;
    private SolutionCheck solutions;
    private String nonce;
    private String counter;
    private final ClientBinding solver = new ClientBinding();
    private final java.security.MessageDigest sha256 = sha256();
    private final byte[] block = new byte[46];
    private final byte[] digest = new byte[32];

    private static java.security.MessageDigest sha256() {
        try {
            return java.security.MessageDigest.getInstance("SHA-256");
        } catch (java.security.NoSuchAlgorithmException e) {
            throw new IllegalStateException(e);
        }
    }

    @Setup
    public void setUp() {
        ClientBinding client = new ClientBinding().bind(address, CHROME, JA4);
        ClearanceIssuer issuer = new ClearanceIssuer(keys);
        request = browser(address, issuer.issue(client, NOW - 60, 1800, EnvironmentCheck.ALL));
        bare = browser(address, null);
        distinct = new SyntheticRequest[UNCACHED];
        for (int i = 0; i < UNCACHED; i++) {
            distinct[i] = browser(address, issuer.issue(client, NOW - i, 1800, EnvironmentCheck.ALL));
        }
        cookieHeader = request.header("cookie");
        check = new ClearanceCheck(keys);
        uncachedCheck = new ClearanceCheck(keys);
        if (checkClearance() != ClearanceStatus.VALID || checkClearanceUncached() != ClearanceStatus.VALID
                || checkClearanceValue() != ClearanceStatus.VALID) {
            throw new IllegalStateException("the benchmark's clearance does not verify");
        }
        solver.bind(address, CHROME, JA4);
        solutions = new SolutionCheck(keys, 300);
        nonce = new NonceIssuer(keys).issue(solver, "challenge-uncertain", 12, NOW);
        ProofOfWork work = new ProofOfWork();
        for (long c = 0; ; c++) {
            if (work.solves(nonce, Long.toString(c), 12)) {
                counter = Long.toString(c);
                break;
            }
        }
    }

    private static SyntheticRequest browser(IpAddress address, String clearance) {
        SyntheticRequest r = new SyntheticRequest().clientAddress(address).ja4(JA4)
                .header("host", "www.example.com")
                .header("user-agent", CHROME)
                .header("accept", "text/html,application/xhtml+xml,application/xml;q=0.9,*/*;q=0.8")
                .header("accept-language", "en-US,en;q=0.9")
                .header("accept-encoding", "gzip, deflate, br, zstd")
                .header("sec-fetch-mode", "navigate")
                .header("sec-fetch-site", "same-origin")
                .header("referer", "https://www.example.com/");
        return r.header("cookie", "_ga=GA1.1.1234567890.1700000000; theme=dark"
                + (clearance == null ? "" : "; bliss_clearance=" + clearance) + "; lang=en");
    }

    @Benchmark
    public ClearanceStatus checkClearance() {
        return check.check(request, "bliss_clearance", binding, NOW);
    }

    /**
     * {@link #checkClearance} without the view's header lookups: the Cookie header's value and
     * the user agent as the request path holds them, then what the check itself does (find the
     * cookie, bind the client, compare with the cached token, expiry and binding). The synthetic
     * view finds a header by comparing names character by character in a list (see
     * {@link #checkNoCookie}: one such lookup); the proxy's Netty view finds it by a hash.
     */
    @Benchmark
    public ClearanceStatus checkClearanceValue() {
        long found = dev.bliss.challenge.internal.CookieScanner.find(cookieHeader, "bliss_clearance");
        binding.bind(address, CHROME, JA4);
        return check.check(cookieHeader, dev.bliss.challenge.internal.CookieScanner.from(found),
                dev.bliss.challenge.internal.CookieScanner.to(found), binding, NOW);
    }

    @Benchmark
    public ClearanceStatus checkClearanceUncached() {
        SyntheticRequest r = distinct[next++ & (UNCACHED - 1)];
        return uncachedCheck.check(r, "bliss_clearance", binding, NOW);
    }

    @Benchmark
    public ClearanceStatus checkNoCookie() {
        return check.check(bare, "bliss_clearance", binding, NOW);
    }

    @Benchmark
    public ClientBinding bindClient() {
        return binding.bind(address, CHROME, JA4);
    }

    @Benchmark
    public SolutionStatus verifySolution() {
        return solutions.verify(solver, nonce, counter, "challenge-uncertain", EnvironmentCheck.ALL, CHROME, EnvironmentCheck.ALL, NOW + 1);
    }

    @Benchmark
    public byte[] sha256OneBlock() throws java.security.DigestException {
        sha256.update(block, 0, block.length);
        sha256.digest(digest, 0, digest.length);
        return digest;
    }
}
