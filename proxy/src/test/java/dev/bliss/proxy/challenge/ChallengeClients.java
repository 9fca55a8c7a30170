package dev.bliss.proxy.challenge;

import dev.bliss.challenge.ProofOfWork;
import java.net.URI;
import java.net.URLEncoder;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * What the tests need to act as clients of a challenged proxy: a JDK HttpClient that follows no
 * redirects, the form fields read out of an interstitial page, and the page's proof of work done
 * in Java (the same hash the page's script computes through WebCrypto).
 */
final class ChallengeClients {

    static final String BROWSER_UA = "Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/140.0.0.0 Safari/537.36";

    /**
     * HTTP/1.1 only: the JDK client's default is to offer an h2c upgrade on every http:// request,
     * and a GET /metrics on the admin server after such an upgrade was seen to hang twice on the
     * loaded test machine (headers received, body never completed), here and in another test class.
     */
    private static final HttpClient CLIENT = HttpClient.newBuilder().version(HttpClient.Version.HTTP_1_1)
            .followRedirects(HttpClient.Redirect.NEVER).connectTimeout(Duration.ofSeconds(5)).build();

    private ChallengeClients() {
    }

    static HttpResponse<String> get(int port, String target, String... headers) throws Exception {
        HttpRequest.Builder b = HttpRequest.newBuilder(URI.create("http://127.0.0.1:" + port + target)).timeout(Duration.ofSeconds(10));
        for (int i = 0; i < headers.length; i += 2) {
            b.header(headers[i], headers[i + 1]);
        }
        return CLIENT.send(b.GET().build(), HttpResponse.BodyHandlers.ofString());
    }

    /** The interstitial's form: action, difficulty and hidden fields. */
    record Form(String action, int difficulty, String nonce, String rule, String returnTo) {

        static Form of(String html) {
            return new Form(attribute(html, "action"), Integer.parseInt(attribute(html, "data-difficulty")),
                    input(html, "n"), input(html, "r"), input(html, "to").replace("&amp;", "&"));
        }

        /** The verification request the page's script would make. */
        String solution(String counter, int checks, String userAgent) {
            return action + "?n=" + enc(nonce) + "&r=" + enc(rule) + "&to=" + enc(returnTo) + "&c=" + counter
                    + "&k=" + checks + "&u=" + enc(userAgent) + "&t=5";
        }
    }

    static String solve(Form form) {
        ProofOfWork work = new ProofOfWork();
        for (long counter = 0; counter < 1L << (form.difficulty() + 10); counter++) {
            String c = Long.toString(counter);
            if (work.solves(form.nonce(), c, form.difficulty())) {
                return c;
            }
        }
        throw new AssertionError("no solution found");
    }

    /** The clearance cookie ("name=value") of a Set-Cookie header. */
    static String cookie(HttpResponse<?> response) {
        String setCookie = response.headers().firstValue("set-cookie").orElseThrow(() -> new AssertionError("no Set-Cookie"));
        return setCookie.substring(0, setCookie.indexOf(';'));
    }

    private static String attribute(String html, String name) {
        Matcher m = Pattern.compile(name + "=\"([^\"]*)\"").matcher(html);
        if (!m.find()) {
            throw new AssertionError("no " + name + " in the page");
        }
        return m.group(1);
    }

    private static String input(String html, String name) {
        Matcher m = Pattern.compile("name=\"" + name + "\" value=\"([^\"]*)\"").matcher(html);
        if (!m.find()) {
            throw new AssertionError("no input " + name + " in the page");
        }
        return m.group(1);
    }

    private static String enc(String s) {
        return URLEncoder.encode(s, StandardCharsets.UTF_8);
    }
}
