package dev.bliss.proxy.challenge;

import dev.bliss.challenge.ChallengeForm;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.time.Duration;

/**
 * What the tests need to act as clients of a challenged proxy: a JDK HttpClient that follows no
 * redirects and the interstitial's form read and solved as its script would ({@link ChallengeForm}).
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

    /** The interstitial's form, as a browser's script reads it. */
    static ChallengeForm form(String html) {
        ChallengeForm form = ChallengeForm.parse(html);
        if (form == null) {
            throw new AssertionError("not a challenge page: " + html);
        }
        return form;
    }

    /** The clearance cookie ("name=value") of a Set-Cookie header. */
    static String cookie(HttpResponse<?> response) {
        String setCookie = response.headers().firstValue("set-cookie").orElseThrow(() -> new AssertionError("no Set-Cookie"));
        return setCookie.substring(0, setCookie.indexOf(';'));
    }
}
