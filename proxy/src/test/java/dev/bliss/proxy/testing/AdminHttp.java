package dev.bliss.proxy.testing;

import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.time.Duration;

/**
 * GETs from a proxy's admin server over HTTP/1.1 (as Prometheus scrapes), failing after 20 s
 * rather than hanging. The JDK client's default h2c upgrade once left a large /metrics answer
 * unread in a full run; HTTP/1.1 is what operators' tools use anyway.
 */
public final class AdminHttp {

    private static final HttpClient CLIENT = HttpClient.newBuilder().version(HttpClient.Version.HTTP_1_1)
            .connectTimeout(Duration.ofSeconds(20)).build();

    private AdminHttp() {
    }

    public static HttpResponse<String> get(int port, String path) throws Exception {
        return CLIENT.send(HttpRequest.newBuilder(URI.create("http://127.0.0.1:" + port + path)).timeout(Duration.ofSeconds(20)).build(),
                HttpResponse.BodyHandlers.ofString());
    }
}
