package dev.bliss.training.simulate;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.bliss.training.simulate.site.Accounts;
import dev.bliss.training.simulate.site.LabSite;
import dev.bliss.training.simulate.site.SiteMap;
import io.vertx.core.Vertx;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.util.List;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

/** The lab site behaves like a site: sessions, sign-in, assets, 404. */
class LabSiteTest {

    private static Vertx vertx;
    private static LabSite site;
    private static final HttpClient client = HttpClient.newHttpClient();

    @BeforeAll
    static void start() {
        vertx = Vertx.vertx();
        site = new LabSite(vertx, LabSite.DEFAULT_REQUEST_ID_HEADER).listen("127.0.0.1", 0).await();
    }

    @AfterAll
    static void stop() throws Exception {
        vertx.close().await(20, TimeUnit.SECONDS);
    }

    @Test
    void shouldSetASessionCookieOnTheFirstVisitOnly() throws Exception {
        HttpResponse<String> first = get("/", null, null);
        assertEquals(200, first.statusCode());
        String setCookie = first.headers().firstValue("set-cookie").orElseThrow();
        assertTrue(setCookie.startsWith("sid="), setCookie);
        String sid = setCookie.substring(0, setCookie.indexOf(';'));

        HttpResponse<String> again = get("/products", sid, null);
        assertEquals(200, again.statusCode());
        assertTrue(again.headers().firstValue("set-cookie").isEmpty());
    }

    @Test
    void shouldDeriveTheSessionFromTheRequestIdSoRunsRepeat() throws Exception {
        String a = get("/", null, "s7-000000001").headers().firstValue("set-cookie").orElseThrow();
        String b = get("/", null, "s7-000000001").headers().firstValue("set-cookie").orElseThrow();
        String c = get("/", null, "s7-000000002").headers().firstValue("set-cookie").orElseThrow();
        assertEquals(a, b);
        assertFalse(a.equals(c));
    }

    @Test
    void shouldRefuseUnknownCredentialsWith401() throws Exception {
        HttpResponse<String> r = post("username=john.doe1%40gmail.com&password=123456");
        assertEquals(401, r.statusCode());
        assertTrue(r.headers().allValues("set-cookie").stream().noneMatch(c -> c.startsWith("auth=")));

        HttpResponse<String> wrongPassword = post("username=" + Accounts.username(12).replace("@", "%40") + "&password=x");
        assertEquals(401, wrongPassword.statusCode());
    }

    @Test
    void shouldSignInAnAccountWith200AndAnAuthCookie() throws Exception {
        HttpResponse<String> r = post("username=" + Accounts.username(12).replace("@", "%40") + "&password="
                + Accounts.password(12).replace("!", "%21"));
        assertEquals(200, r.statusCode());
        assertTrue(r.headers().allValues("set-cookie").stream().anyMatch(c -> c.startsWith("auth=")),
                r.headers().allValues("set-cookie").toString());
    }

    @Test
    void shouldAnswer404ForUnknownPaths() throws Exception {
        for (String path : List.of("/nope", "/products/0", "/products/" + (SiteMap.PRODUCTS + 1), "/products?page=99",
                "/static/img/products/9999.png", "/wp-login.php")) {
            assertEquals(404, get(path, null, null).statusCode(), path);
        }
    }

    @Test
    void shouldServeEveryPageItLinksAndEveryAssetItReferences() throws Exception {
        for (String page : List.of("/", "/products", "/products?page=3", "/products/17", "/blog", "/blog/4", "/search?q=lamp")) {
            HttpResponse<String> r = get(page, "sid=1", null);
            assertEquals(200, r.statusCode(), page);
            assertTrue(r.headers().firstValue("content-type").orElseThrow().startsWith("text/html"));
            for (String link : SiteMap.links(page)) {
                assertEquals(200, get(link, "sid=1", null).statusCode(), page + " links " + link);
                assertTrue(r.body().contains("href=\"" + link.replace("&", "&amp;") + "\""), page + " shows " + link);
            }
            for (String asset : SiteMap.assets(page)) {
                HttpResponse<String> a = get(asset, null, null);
                assertEquals(200, a.statusCode(), asset);
                assertTrue(a.headers().firstValue("set-cookie").isEmpty(), "assets set no cookie");
            }
        }
        assertEquals("text/css", get("/static/css/site.css", null, null).headers().firstValue("content-type").orElseThrow());
        assertEquals("image/png", get("/static/img/logo.png", null, null).headers().firstValue("content-type").orElseThrow());
    }

    private static HttpResponse<String> get(String path, String cookie, String requestId) throws Exception {
        HttpRequest.Builder b = HttpRequest.newBuilder(URI.create("http://127.0.0.1:" + site.port() + path)).GET();
        if (cookie != null) {
            b.header("Cookie", cookie);
        }
        if (requestId != null) {
            b.header("x-request-id", requestId);
        }
        return client.send(b.build(), HttpResponse.BodyHandlers.ofString());
    }

    private static HttpResponse<String> post(String form) throws Exception {
        HttpRequest r = HttpRequest.newBuilder(URI.create("http://127.0.0.1:" + site.port() + "/login"))
                .header("Content-Type", "application/x-www-form-urlencoded")
                .POST(HttpRequest.BodyPublishers.ofString(form)).build();
        return client.send(r, HttpResponse.BodyHandlers.ofString());
    }
}
