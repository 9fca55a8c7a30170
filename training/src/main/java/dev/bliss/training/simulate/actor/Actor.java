package dev.bliss.training.simulate.actor;

import dev.bliss.challenge.ChallengeForm;
import dev.bliss.training.simulate.Header;
import dev.bliss.training.simulate.Population;
import dev.bliss.training.simulate.SimulatedRequest;
import dev.bliss.training.simulate.identity.TlsClient;
import java.util.List;
import java.util.SplittableRandom;

/**
 * One simulated client: its addresses, user agents, TLS fingerprint, cookie jar and script. An
 * actor sends one request at a time: the runner asks for the {@link #next} step, sends it, and
 * reports the response before asking again, so the sequence an actor sends depends only on its
 * random source and the responses it saw, never on timing.
 *
 * <p>An actor sends exactly {@link #length()} requests (fixed when the cast is drawn, so that a
 * run's request count never depends on which actors happen to finish first). Request ids are
 * numbered from the actor's first number: the cast hands out consecutive ranges.
 *
 * <p>A browser also answers the proxy's challenge page ({@link #challengeChecks}): between two
 * steps of its plan it submits the page's solution and, once the proxy redirects it back with a
 * clearance, loads the challenged page again. Those requests come out of the same budget.
 *
 * <p>Not thread-safe: the runner calls an actor from one event loop.
 */
public abstract class Actor {

    private final Population population;
    private final int index;
    private final String idPrefix;
    private final long firstNumber;
    private final int length;
    private final SimulatedRequest.Transport transport;
    private int sent;
    /** The last request sent: the one the next response answers. */
    private SimulatedRequest last;
    /** A challenge page this actor's browser is about to solve, and the navigation it answered. */
    private ChallengeForm challenge;
    private SimulatedRequest challenged;
    /** The last request was a challenge's verification: its 303 says where to go back to. */
    private boolean verifying;
    private String returnTo;

    protected final SplittableRandom random;
    protected final CookieJar cookies = new CookieJar();
    /** The site's origin as a browser writes it in Referer and Origin ({@code http://host:port}). */
    protected final String origin;

    protected Actor(Identity identity) {
        this.population = identity.population();
        this.index = identity.index();
        this.idPrefix = identity.idPrefix();
        this.firstNumber = identity.firstNumber();
        this.length = identity.length();
        this.random = identity.random();
        this.origin = identity.origin();
        this.transport = identity.transport();
    }

    /**
     * What every actor is given by the cast.
     *
     * @param transport TLS or cleartext, for the whole session (a site is reached one way or the other)
     */
    public record Identity(Population population, int index, String idPrefix, long firstNumber, int length,
                           SplittableRandom random, String origin, SimulatedRequest.Transport transport) {
    }

    public final Population population() {
        return population;
    }

    public final int index() {
        return index;
    }

    public final int length() {
        return length;
    }

    public final SimulatedRequest.Transport transport() {
        return transport;
    }

    /**
     * Whether the site is a secure context to this actor's browser, which decides whether it sends
     * client hints and fetch metadata: reached over TLS (the lab's site is never a loopback host
     * to its clients).
     */
    protected final boolean secureContext() {
        return transport == SimulatedRequest.Transport.TLS;
    }

    public final boolean hasNext() {
        return sent < length;
    }

    /** The next request; only while {@link #hasNext()}. */
    public final Step next() {
        if (sent >= length) {
            throw new IllegalStateException("actor " + index + " has sent its " + length + " requests");
        }
        String id = idPrefix + number(firstNumber + sent);
        Step step = challenge != null ? verify(id) : returnTo != null ? reload(id) : plan(id);
        last = step.request();
        sent++;
        return step;
    }

    /** The response to the last request: its status and Set-Cookie values. */
    public void onResponse(int status, List<String> setCookies) {
        onResponse(status, setCookies, null, null);
    }

    /**
     * The response to the last request.
     *
     * @param location  its Location header, or null
     * @param challenge the challenge page it was, or null
     */
    public void onResponse(int status, List<String> setCookies, String location, ChallengeForm challenge) {
        if (keepsCookies()) {
            cookies.store(setCookies);
        }
        if (verifying) {
            verifying = false;
            returnTo = status == 303 ? location : null;
        } else if (challenge != null && challengeChecks() != NO_SCRIPT && secureContext()) {
            this.challenge = challenge;
            this.challenged = last;
        }
        observe(status);
    }

    /** The last request got no response (connection error, timeout). */
    public void onFailure() {
        verifying = false;
        observe(0);
    }

    /** What {@link #challengeChecks} returns for a client that does not run a page's scripts. */
    protected static final int NO_SCRIPT = -1;

    /**
     * The environment-check bits ({@code dev.bliss.challenge.EnvironmentCheck}) this actor's
     * browser reports when it runs a challenge page's script, or {@link #NO_SCRIPT}: an HTTP
     * library gets the page and goes on with its plan. A browser runs it only over TLS, where
     * the page's WebCrypto exists (a secure context).
     */
    protected int challengeChecks() {
        return NO_SCRIPT;
    }

    /**
     * The page script's submission: the proof of work done, after the second or two a browser
     * takes for it, a navigation from the challenged page to the verification path.
     */
    private Step verify(String id) {
        ChallengeForm form = challenge;
        challenge = null;
        verifying = true;
        double seconds = logNormal(1.2, 0.5, 0.3, 8);
        String userAgent = Header.value(challenged.headers(), "User-Agent");
        String target = form.verification(form.solve(), challengeChecks(), userAgent == null ? "" : userAgent,
                Math.round(seconds * 1000));
        // a form submission from the page: same-origin, the page as Referer where the browser sends one
        List<Header> headers = Header.with(challenged.headers(), "Cookie", cookies.header());
        headers = Header.replaced(Header.replaced(headers, "Referer", origin + challenged.path()), "Sec-Fetch-Site", "same-origin");
        return new Step(seconds, request(id, challenged.clientIp(), challenged.fingerprint(), challenged.protocol(), "GET",
                target, headers, null));
    }

    /** The redirect back to the challenged page, now with the clearance cookie. */
    private Step reload(String id) {
        String path = returnTo;
        returnTo = null;
        List<Header> headers = Header.with(challenged.headers(), "Cookie", cookies.header());
        return new Step(0.05, request(id, challenged.clientIp(), challenged.fingerprint(), challenged.protocol(),
                challenged.method(), path, headers, null));
    }

    /** Plans the next request, whose id is {@code requestId}. */
    protected abstract Step plan(String requestId);

    /** Whether Set-Cookie is stored and sent back (browsers do; most scripts do not bother). */
    protected abstract boolean keepsCookies();

    /** Sees the last response's status (0 when there was none). */
    protected void observe(int status) {
    }

    /**
     * A request of this actor's; over cleartext always HTTP/1.1, whatever the script would have
     * spoken over TLS: browsers negotiate HTTP/2 only by ALPN inside TLS (none speaks h2c to a
     * site), and the clients the scripts copy do the same.
     */
    protected final SimulatedRequest request(String id, String clientIp, TlsClient.Fingerprint fingerprint,
                                             SimulatedRequest.Protocol protocol, String method, String path,
                                             List<Header> headers, String body) {
        SimulatedRequest.Protocol spoken = transport == SimulatedRequest.Transport.CLEARTEXT
                ? SimulatedRequest.Protocol.HTTP_1_1 : protocol;
        return new SimulatedRequest(id, population, index, clientIp, fingerprint, transport, spoken, method, path,
                List.copyOf(headers), body);
    }

    /** A pause drawn from a log-normal distribution with the given median, clamped to [min, max]. */
    protected final double logNormal(double median, double sigma, double min, double max) {
        double z = gaussian();
        return Math.clamp(median * Math.exp(sigma * z), min, max);
    }

    /** An exponential pause with the given mean. */
    protected final double exponential(double mean) {
        return -mean * Math.log(1 - random.nextDouble());
    }

    private double gaussian() {
        // Box-Muller on our own source, so the draw sequence is ours to keep stable
        double u1 = 1 - random.nextDouble();
        double u2 = random.nextDouble();
        return Math.sqrt(-2 * Math.log(u1)) * Math.cos(2 * Math.PI * u2);
    }

    private static String number(long n) {
        String digits = Long.toString(n);
        return digits.length() >= 9 ? digits : "000000000".substring(digits.length()) + digits;
    }
}
