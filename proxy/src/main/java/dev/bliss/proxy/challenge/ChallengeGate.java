package dev.bliss.proxy.challenge;

import dev.bliss.challenge.ChallengeOptions;
import dev.bliss.challenge.ClearanceCheck;
import dev.bliss.challenge.ClearanceIssuer;
import dev.bliss.challenge.ClearanceStatus;
import dev.bliss.challenge.ClientBinding;
import dev.bliss.challenge.EnvironmentCheck;
import dev.bliss.challenge.NonceIssuer;
import dev.bliss.challenge.SolutionCheck;
import dev.bliss.challenge.SolutionStatus;
import dev.bliss.firewall.Decision;
import dev.bliss.firewall.Rule;
import dev.bliss.firewall.RuleDefinition;
import dev.bliss.firewall.action.Challenge;
import dev.bliss.firewall.action.LocalResponse;
import dev.bliss.plugin.ChallengeOutcome;
import dev.bliss.plugin.RequestView;
import dev.bliss.plugin.field.BoolField;
import dev.bliss.plugin.field.Fields;
import dev.bliss.plugin.field.FieldScheme;
import dev.bliss.plugin.field.IntField;
import java.net.URLDecoder;
import java.nio.charset.StandardCharsets;
import java.util.HashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;

/**
 * The browser challenge on one event loop's request path. The transport calls it at three points:
 *
 * <pre>
 *  request head ─► inspect(view, fields)        clearance cookie checked (no allocation): fields
 *               │                                bot.clearance.age, bot.js_detection.passed
 *  detectors ─► isReserved(view)? ─► answerReserved(view)   &lt;path_prefix&gt;verify: solution checked,
 *            │                                              303 + Set-Cookie, or 403; no rule, never routed
 *            ─► firewall: a challenge rule asks challenge(...) (this is the rules' {@link Challenge}):
 *               valid clearance → PASSED (evaluation goes on; cleared()), else CHALLENGED
 *            ─► verdict CHALLENGE ─► respond(view, rule)   interstitial page (navigations) or short 403
 * </pre>
 *
 * Every answer is a {@link ChallengeResponse} (status, headers, body, and the
 * {@link ChallengeOutcome} for the log phase) for the transport to write. The detectors run on a
 * submitted solution as on any request, so the detection log holds its whole feature vector
 * beside its outcome: what {@code bliss train --labels challenge} learns from.
 *
 * <p><b>Thread and ownership:</b> one gate per event loop, like the rule evaluator it serves; not
 * thread-safe. <b>Allocation:</b> {@link #inspect} and {@link #challenge} allocate nothing; the
 * interstitial and the verification allocate (page text, query parsing, the cookie string): they
 * run once per challenge, which is the client's cost, not once per request.
 */
public final class ChallengeGate implements Challenge {

    /** The firewall's {@link Decision} wants a response; the proxy writes {@link #respond}'s instead. */
    static final LocalResponse RENDERED_BY_GATE = new LocalResponse(403, "text/html; charset=utf-8", "");

    private static final String VERIFY = "verify";
    private static final String ISSUED = "challenged";
    private static final long MAX_REPORTED_SOLVE_MILLIS = 600_000;

    private final BrowserChallenge shared;
    private final ChallengeOptions options;
    private final String cookieName;
    private final String prefix;
    private final String verifyPath;
    private final ClearanceCheck clearance;
    private final ClearanceIssuer clearances;
    private final NonceIssuer nonces;
    private final SolutionCheck solutions;
    private final ClientBinding binding = new ClientBinding();
    private final BoolField jsPassed;
    private final IntField clearanceAge;
    private final BoolField submission;
    /** A challenge rule let a request through on its clearance since {@link #startEvaluation()}. */
    private boolean cleared;

    ChallengeGate(BrowserChallenge shared, FieldScheme scheme) {
        this.shared = shared;
        this.options = shared.options();
        this.cookieName = options.cookieName();
        this.prefix = options.pathPrefix();
        this.verifyPath = prefix + VERIFY;
        this.clearance = new ClearanceCheck(shared.keys());
        this.clearances = new ClearanceIssuer(shared.keys());
        this.nonces = new NonceIssuer(shared.keys());
        this.solutions = new SolutionCheck(shared.keys(), options.solveWithin().toSeconds());
        this.jsPassed = (BoolField) require(scheme, ChallengeFields.JS_DETECTION_PASSED);
        this.clearanceAge = (IntField) require(scheme, ChallengeFields.CLEARANCE_AGE);
        this.submission = (BoolField) require(scheme, ChallengeFields.SUBMISSION);
    }

    /** Checks the request's clearance and writes the challenge's fields. Allocates nothing. */
    public void inspect(RequestView view, Fields fields) {
        long now = nowSeconds();
        ClearanceStatus status = check(view, now);
        if (status != ClearanceStatus.MISSING) {
            shared.metrics().clearance(status);
        }
        if (status == ClearanceStatus.VALID) {
            fields.set(clearanceAge, Math.max(0, now - clearance.issuedSeconds()));
            fields.set(jsPassed, clearance.checks() == EnvironmentCheck.ALL);
        }
        if (isReserved(view)) {
            fields.set(submission, true);
        }
    }

    /** Whether the request is for the reserved path prefix, which is answered here and never routed. */
    public boolean isReserved(RequestView view) {
        CharSequence path = view.path();
        if (path.length() < prefix.length()) {
            return false;
        }
        for (int i = 0; i < prefix.length(); i++) {
            if (path.charAt(i) != prefix.charAt(i)) {
                return false;
            }
        }
        return true;
    }

    @Override
    public Outcome challenge(RequestView request, Fields fields, Rule rule, Decision decision) {
        if (fields.isSet(clearanceAge)) {
            cleared = true;
            return Outcome.PASSED;
        }
        decision.respond(RENDERED_BY_GATE);
        return Outcome.CHALLENGED;
    }

    /** Call before the rules evaluate a request; {@link #cleared()} then tells what {@link #challenge} did. */
    public void startEvaluation() {
        cleared = false;
    }

    /**
     * Whether a challenge rule matched the request last evaluated and let it go on because of its
     * valid clearance ({@link ChallengeOutcome#CLEARED}).
     */
    public boolean cleared() {
        return cleared;
    }

    /**
     * The answer to a request that {@code rule} challenged: the interstitial page for a browser
     * navigation (GET or HEAD accepting text/html, not a fetch/XHR by its Sec-Fetch-Mode), else a
     * short 403, which a client cannot solve (documented): both 403 with {@code cf-mitigated: challenge}.
     */
    public ChallengeResponse respond(RequestView view, Rule rule) {
        long now = nowSeconds();
        ClearanceStatus status = check(view, now);
        binding.bind(view.clientAddress(), view.header("user-agent"), view.ja4());
        ChallengeMetrics metrics = shared.metrics();
        metrics.outcome(rule.id(), ChallengeOutcome.ISSUED);
        if (status.replayed()) {
            metrics.outcome(rule.id(), ChallengeOutcome.REPLAYED);
        }
        if (!isNavigation(view)) {
            return text(ISSUED, ChallengeOutcome.ISSUED, 403, "challenge required: this request must pass a browser challenge, which only a browser can "
                    + "solve, by loading a page (GET or HEAD accepting text/html). Request id: " + view.requestId() + '\n', true);
        }
        int difficulty = rule.difficulty() == RuleDefinition.DEFAULT_DIFFICULTY ? options.difficulty() : rule.difficulty();
        String nonce = nonces.issue(binding, rule.id(), difficulty, now);
        byte[] page = shared.page().render(verifyPath, difficulty, nonce, rule.id(), view.uri(), view.requestId());
        return new ChallengeResponse(ISSUED, ChallengeOutcome.ISSUED, 403, List.of(
                "content-type", "text/html; charset=utf-8",
                "cf-mitigated", "challenge",
                "cache-control", "private, max-age=0, no-store, no-cache, must-revalidate",
                "content-security-policy", shared.page().contentSecurityPolicy(),
                "x-content-type-options", "nosniff",
                "referrer-policy", "same-origin"), page);
    }

    /**
     * The reserved path: {@code <prefix>verify?n=&r=&to=&c=&k=&u=&t=} checks a solution and, when
     * it holds, sets the clearance and sends the browser back to {@code to}; anything else under
     * the prefix is 404. The query is parsed into Strings: this runs once per solved challenge.
     */
    public ChallengeResponse answerReserved(RequestView view) {
        if (!view.path().toString().equals(verifyPath)) {
            return text("challenge_not_found", ChallengeOutcome.NONE, 404, "not found: " + prefix + " is reserved for the browser challenge\n", false);
        }
        long now = nowSeconds();
        binding.bind(view.clientAddress(), view.header("user-agent"), view.ja4());
        Map<String, String> q = query(view.query());
        String rule = q.get("r");
        SolutionStatus status = solutions.verify(binding, q.get("n"), q.get("c"), rule, parseInt(q.get("k")), q.get("u"),
                options.requiredChecks(), now);
        ChallengeMetrics metrics = shared.metrics();
        // a nonce that did not verify vouches for no rule id: do not make a label of it
        String ruleLabel = status == SolutionStatus.TAMPERED ? ChallengeMetrics.UNKNOWN_RULE : rule;
        metrics.outcome(ruleLabel, status.outcome());
        if (status != SolutionStatus.SOLVED) {
            metrics.failure(status.name().toLowerCase(Locale.ROOT));
            return text("challenge_" + status.outcome().text(), status.outcome(), 403, "challenge failed (" + status.name().toLowerCase(Locale.ROOT).replace('_', ' ')
                    + "): go back and reload the page to try again. Request id: " + view.requestId() + '\n', true);
        }
        long millis = parseInt(q.get("t"));
        if (millis >= 0 && millis <= MAX_REPORTED_SOLVE_MILLIS) {
            metrics.solved(millis / 1000.0, Long.parseLong(q.get("c")) + 1);
        }
        String cookie = clearances.issue(binding, now, (int) options.ttl().toSeconds(), solutions.passedChecks());
        StringBuilder setCookie = new StringBuilder(cookieName).append('=').append(cookie)
                .append("; Path=/; Max-Age=").append(options.ttl().toSeconds()).append("; HttpOnly; SameSite=Lax");
        if (view.isTls()) {
            setCookie.append("; Secure");
        }
        return new ChallengeResponse("challenge_solved", ChallengeOutcome.SOLVED, 303, List.of(
                "location", safeReturn(q.get("to")),
                "set-cookie", setCookie.toString(),
                "cache-control", "no-store",
                "referrer-policy", "no-referrer",
                "content-type", "text/plain; charset=utf-8"), "challenge solved\n".getBytes(StandardCharsets.UTF_8));
    }

    /** The request's clearance; binds {@link #binding} to the request only when it has a cookie. */
    private ClearanceStatus check(RequestView view, long now) {
        return clearance.check(view, cookieName, binding, now);
    }

    private static ChallengeResponse text(String reason, ChallengeOutcome outcome, int status, String body, boolean mitigated) {
        return new ChallengeResponse(reason, outcome, status, mitigated
                ? List.of("content-type", "text/plain; charset=utf-8", "cf-mitigated", "challenge", "cache-control", "no-store")
                : List.of("content-type", "text/plain; charset=utf-8", "cache-control", "no-store"),
                body.getBytes(StandardCharsets.UTF_8));
    }

    private static boolean isNavigation(RequestView view) {
        CharSequence method = view.method();
        if (!(contentEquals(method, "GET") || contentEquals(method, "HEAD"))) {
            return false;
        }
        CharSequence mode = view.header("sec-fetch-mode");
        if (mode != null && !contentEquals(mode, "navigate")) {
            return false;
        }
        CharSequence accept = view.header("accept");
        return accept != null && accept.toString().toLowerCase(Locale.ROOT).contains("text/html");
    }

    /** Only a path on this host: never another origin (//evil, /\evil, a scheme), never a header break. */
    static String safeReturn(String to) {
        if (to == null || !to.startsWith("/") || to.startsWith("//") || to.startsWith("/\\") || to.length() > 2048) {
            return "/";
        }
        for (int i = 0; i < to.length(); i++) {
            char c = to.charAt(i);
            if (c < 0x21 || c > 0x7e) {
                return "/";
            }
        }
        return to;
    }

    private static Map<String, String> query(CharSequence query) {
        Map<String, String> values = new HashMap<>();
        String q = query.toString();
        for (String pair : q.split("&")) {
            int eq = pair.indexOf('=');
            if (eq <= 0) {
                continue;
            }
            try {
                values.putIfAbsent(URLDecoder.decode(pair.substring(0, eq), StandardCharsets.UTF_8),
                        URLDecoder.decode(pair.substring(eq + 1), StandardCharsets.UTF_8));
            } catch (IllegalArgumentException e) {
                // a malformed escape: the parameter is absent, and the solution fails for it
            }
        }
        return values;
    }

    private static int parseInt(String s) {
        if (s == null || s.isEmpty() || s.length() > 9) {
            return -1;
        }
        int v = 0;
        for (int i = 0; i < s.length(); i++) {
            char c = s.charAt(i);
            if (c < '0' || c > '9') {
                return -1;
            }
            v = v * 10 + (c - '0');
        }
        return v;
    }

    private static boolean contentEquals(CharSequence a, String b) {
        if (a.length() != b.length()) {
            return false;
        }
        for (int i = 0; i < b.length(); i++) {
            if ((a.charAt(i) | 0x20) != (b.charAt(i) | 0x20)) {
                return false;
            }
        }
        return true;
    }

    private static long nowSeconds() {
        return System.currentTimeMillis() / 1000;
    }

    private static dev.bliss.plugin.field.Field require(FieldScheme scheme, String name) {
        dev.bliss.plugin.field.Field f = scheme.field(name);
        if (f == null) {
            throw new IllegalStateException("the field scheme lacks " + name + ": declare ChallengeFields as a host field");
        }
        return f;
    }
}
