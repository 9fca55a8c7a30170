package dev.bliss.proxy.exchange;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.lang.management.ManagementFactory;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;
import org.junit.jupiter.params.provider.ValueSource;

/** {@link PathNormalizer}: each rewrite, what stays as it is, refusals, and no allocation for a normal path. */
class PathNormalizerTest {

    private final PathNormalizer normalizer = new PathNormalizer();

    private String normalize(String path) {
        int verdict = normalizer.normalize(path, 0, path.length());
        return switch (verdict) {
            case PathNormalizer.NORMAL -> path;
            case PathNormalizer.CHANGED -> normalizer.result();
            default -> "INVALID";
        };
    }

    @ParameterizedTest
    @CsvSource(delimiter = ' ', value = {
            "//admin /admin", "/%61dmin /admin", "/./admin /admin", "/x/../admin /admin", "/%2e/admin /admin",
            "/%2E%2e/admin /admin", "/\\admin /admin", "/a\\\\b /a/b", "/a/./b/../../c /c", "/../a /a", "/.. /", "/. /",
            "/a/.. /", "/a/b/.. /a/", "/a/b/. /a/b/", "/a//b/// /a/b/", "/%7e%41%2D%5f%30 /~A-_0", "/a%2fb /a%2Fb",
            "/a%2F/../b /b", "/a/%2f%2F /a/%2F%2F", "/%3a%3F /%3A%3F", "/.a/..b/... /.a/..b/...", "/a/.%2e/b /b",
            "/x/%2e%2e%2fadmin /x/..%2Fadmin"})
    void shouldNormalize(String raw, String normal) {
        assertEquals(normal, normalize(raw));
    }

    @ParameterizedTest
    @ValueSource(strings = {"/", "/admin", "/a/b/c.html", "/a%2Fb", "/%3A", "/.well-known/x", "/a..b/...", "/~u/a-b_c", "/a/"})
    void shouldLeaveANormalPathAsItIs(String path) {
        assertEquals(PathNormalizer.NORMAL, normalizer.normalize(path, 0, path.length()), path);
    }

    @ParameterizedTest
    @ValueSource(strings = {"/%", "/%4", "/%zz", "/%4g", "/a%00", "/%0"})
    void shouldRefuseMalformedEscapes(String path) {
        assertEquals(PathNormalizer.INVALID, normalizer.normalize(path, 0, path.length()), path);
    }

    @Test
    void shouldNormalizeOnlyTheGivenRange() {
        String target = "http://h//a/./b?x=/../y";
        assertEquals(PathNormalizer.CHANGED, normalizer.normalize(target, 8, 15));
        assertEquals("/a/b", normalizer.result());
    }

    @Test
    void shouldAllocateNothingForANormalPath() {
        com.sun.management.ThreadMXBean threads = (com.sun.management.ThreadMXBean) ManagementFactory.getThreadMXBean();
        String[] paths = {"/", "/api/v1/users/42", "/static/app.3f9a.js", "/a%2Fb/%3A", "/.well-known/openid-configuration"};
        int sink = 0;
        for (int i = 0; i < 200_000; i++) { // warm-up: compiled before measuring
            sink += normalizer.normalize(paths[i % paths.length], 0, paths[i % paths.length].length());
        }
        long best = Long.MAX_VALUE;
        for (int pass = 0; pass < 5; pass++) {
            long before = threads.getCurrentThreadAllocatedBytes();
            for (int i = 0; i < 100_000; i++) {
                sink += normalizer.normalize(paths[i % paths.length], 0, paths[i % paths.length].length());
            }
            best = Math.min(best, threads.getCurrentThreadAllocatedBytes() - before);
        }
        assertEquals(0, sink, "every path was normal");
        assertEquals(0, best, "bytes allocated by 100,000 normalisations of normal paths (best of 5 passes)");
    }

    @Test
    void shouldGrowItsBufferForALongPath() {
        String path = "/" + "a/./".repeat(500) + "b";
        assertEquals(PathNormalizer.CHANGED, normalizer.normalize(path, 0, path.length()));
        assertTrue(normalizer.result().startsWith("/a/a/"));
        assertEquals(1 + 2 * 500 + 1, normalizer.result().length());
    }
}
