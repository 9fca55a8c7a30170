package dev.bliss.proxy.admin;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.bliss.proxy.ProxyServer;
import dev.bliss.proxy.testing.Proxies;
import dev.bliss.proxy.testing.TestOrigin;
import io.vertx.core.json.JsonObject;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;

/** GET /config of a real proxy hides secrets by key name, by URL user information and by a plugin's declaration. */
class ConfigRedactionTest {

    private final TestOrigin origin = new TestOrigin();
    private ProxyServer proxy;

    @AfterEach
    void stop() {
        if (proxy != null) {
            proxy.close();
        }
        origin.close();
    }

    @Test
    void shouldHideEverySecretAndShowWhatIsNot() throws Exception {
        proxy = Proxies.start(Proxies.singleOrigin(origin.url(), """
                plugins:
                  - name: s
                    type: test-secretive
                    config:
                      api_keys: [S1-apikeys]
                      auth_header: S2-authheader
                      bearer: S3-bearer
                      credentials: {user: u, pass: S4-credentials}
                      upstream_url: https://bob:S5-urlpassword@feeds.example/path
                      hmac_key_b64: S6-hmac
                      passphrase: S7-passphrase
                      private_key_pem: S8-pem
                      clientSecret: S9-camel
                      dsn: S10-declared
                      nested: {seed: S11-declared-nested, visible: shown-1}
                      max_keys: 12345
                      dimension_keys: [shown-2]
                      store: shown-3
                """));
        String body = HttpClient.newHttpClient().send(HttpRequest.newBuilder(
                URI.create("http://127.0.0.1:" + proxy.adminPort() + "/config")).build(), HttpResponse.BodyHandlers.ofString()).body();
        for (int i = 1; i <= 11; i++) {
            assertFalse(body.contains("S" + i + "-"), "secret S" + i + " shown:\n" + body);
        }
        JsonObject config = new JsonObject(body).getJsonArray("plugins").getJsonObject(0).getJsonObject("config");
        assertEquals("https://<redacted>@feeds.example/path", config.getString("upstream_url"));
        assertEquals("<redacted>", config.getString("dsn"));
        assertEquals("shown-1", config.getJsonObject("nested").getString("visible"));
        assertEquals("12345", config.getString("max_keys"));
        assertTrue(body.contains("shown-2") && body.contains("shown-3"), body);
    }
}
