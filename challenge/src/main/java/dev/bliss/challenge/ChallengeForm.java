package dev.bliss.challenge;

import java.net.URLEncoder;
import java.nio.charset.StandardCharsets;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * The {@link InterstitialPage}'s verification form as a client reads it: the form's action, the
 * proof-of-work difficulty and the hidden fields the page's script submits. {@link #solve} does
 * the script's work in Java (the same SHA-256 the script asks WebCrypto for) and {@link
 * #verification} is the GET its form submission makes: what the lab's simulated browsers and the
 * tests that play a browser do, kept beside the page so the two cannot drift apart.
 *
 * <p>Not on the proxy's path: it parses with regular expressions and allocates freely.
 *
 * @param returnTo where the page sends the browser once solved (its own path and query)
 */
public record ChallengeForm(String action, int difficulty, String nonce, String rule, String returnTo) {

    private static final Pattern ACTION = Pattern.compile("action=\"([^\"]*)\"");
    private static final Pattern DIFFICULTY = Pattern.compile("data-difficulty=\"(\\d{1,2})\"");

    /** The page's form, or null when {@code html} is not a challenge page. */
    public static ChallengeForm parse(String html) {
        Matcher action = ACTION.matcher(html);
        Matcher difficulty = DIFFICULTY.matcher(html);
        String nonce = input(html, "n");
        String rule = input(html, "r");
        String returnTo = input(html, "to");
        if (!action.find() || !difficulty.find() || nonce == null || rule == null || returnTo == null) {
            return null;
        }
        return new ChallengeForm(unescape(action.group(1)), Integer.parseInt(difficulty.group(1)), unescape(nonce),
                unescape(rule), unescape(returnTo));
    }

    /**
     * The first counter that solves the page's proof of work, in decimal, as the script finds it
     * (counting up from 0); bounded to 2<sup>difficulty + 10</sup> tries, past which the page is
     * not one a browser finishes either.
     */
    public String solve() {
        ProofOfWork work = new ProofOfWork();
        long bound = 1L << Math.min(difficulty + 10, 40);
        for (long counter = 0; counter < bound; counter++) {
            String c = Long.toString(counter);
            if (work.solves(nonce, c, difficulty)) {
                return c;
            }
        }
        throw new IllegalStateException("no counter below " + bound + " solves nonce " + nonce + " at difficulty " + difficulty);
    }

    /**
     * The path and query the page's form submits: the solution, the {@code checks} bits the
     * script found ({@link EnvironmentCheck#bit()}), the user agent it read and how long it took.
     */
    public String verification(String counter, int checks, String userAgent, long millis) {
        return action + "?n=" + encode(nonce) + "&r=" + encode(rule) + "&to=" + encode(returnTo) + "&c=" + counter
                + "&k=" + checks + "&u=" + encode(userAgent) + "&t=" + millis;
    }

    private static String input(String html, String name) {
        Matcher m = Pattern.compile("name=\"" + name + "\" value=\"([^\"]*)\"").matcher(html);
        return m.find() ? m.group(1) : null;
    }

    /** Undoes the escaping of attribute values ({@link InterstitialPage} escapes these five). */
    private static String unescape(String s) {
        return s.replace("&lt;", "<").replace("&gt;", ">").replace("&quot;", "\"").replace("&#39;", "'").replace("&amp;", "&");
    }

    private static String encode(String s) {
        return URLEncoder.encode(s, StandardCharsets.UTF_8);
    }
}
