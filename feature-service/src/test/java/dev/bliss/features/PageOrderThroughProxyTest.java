package dev.bliss.features;

import static org.junit.jupiter.api.Assertions.assertEquals;

import dev.bliss.proxy.ProxyServer;
import dev.bliss.proxy.testing.TestOrigin;
import dev.bliss.store.FeatureStoreReader;
import java.nio.file.Path;
import java.time.Duration;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The page order end to end: the plugin splits each request's path into its template and number,
 * the events ring carries them, the feature service's windows compare each address's numbered
 * pages, and the published {@code ip.sequential_pages_10m} says which address read the catalogue
 * in order.
 */
class PageOrderThroughProxyTest {

    private static final String WALKER = "203.0.113.20";
    private static final String PERSON = "203.0.113.21";
    private static final Duration WAIT = Duration.ofSeconds(15);

    @TempDir
    Path dir;

    private final TestOrigin origin = new TestOrigin();
    private ProxyServer proxy;
    private FeatureService service;

    @AfterEach
    void stop() {
        if (proxy != null) {
            proxy.close();
        }
        if (service != null) {
            service.close();
        }
        origin.close();
    }

    private void get(String client, String path) throws Exception {
        assertEquals(200, FeatureLab.get(proxy, client, FeatureLab.browser(1), path).status());
        origin.next();
    }

    @Test
    void shouldPublishTheShareOfEachAddresssNumberedPagesThatContinueItsLastInOrder() throws Exception {
        FeatureLab lab = new FeatureLab(dir);
        service = lab.startService(Duration.ofMillis(200));
        proxy = lab.startProxy(origin.url(), "3s");
        for (String path : new String[] {"/products/41", "/products/42", "/products", "/products/43", "/products/44"}) {
            get(WALKER, path);
        }
        for (String path : new String[] {"/products/41", "/blog/3", "/products/17", "/products/230", "/products/229"}) {
            get(PERSON, path);
        }
        float[] walker = {Float.NaN};
        float[] person = {Float.NaN};
        try (FeatureStoreReader reader = lab.reader()) {
            FeatureLab.await("both addresses' page order published", WAIT, () -> {
                walker[0] = sequentialPages(lab, reader, WALKER);
                person[0] = sequentialPages(lab, reader, PERSON);
                return walker[0] == 1f && Math.abs(person[0] - 0.25f) < 1e-6f;
            });
        }
        assertEquals(1f, walker[0], "three numbered pages after a numbered one, each the next product (the listing between skipped)");
        assertEquals(0.25f, person[0], 1e-6f, "four after a first: another template, two jumps, one step back (230 → 229)");
    }

    private static float sequentialPages(FeatureLab lab, FeatureStoreReader reader, String client) {
        FeatureLookup l = FeatureLookup.find(reader, lab.schema.schema(), "ip", client);
        return l.status() == FeatureLookup.Status.FOUND ? l.values()[l.names().indexOf("sequential_pages_10m")] : Float.NaN;
    }
}
