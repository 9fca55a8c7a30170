package dev.bliss.proxy.admin;

import io.vertx.core.Handler;
import io.vertx.core.buffer.Buffer;
import io.vertx.ext.web.RoutingContext;
import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;

/**
 * {@code GET /}: the dashboard, one self-contained HTML page (styles and script inline, no
 * external resource, works offline) that polls {@code /stats} every few seconds. Read once from
 * the classpath ({@code dev/bliss/proxy/admin/dashboard.html}) and served from memory.
 *
 * <p>The page is read-only: it has no control that changes state.
 */
final class DashboardPage implements Handler<RoutingContext> {

    static final String RESOURCE = "/dev/bliss/proxy/admin/dashboard.html";

    private final Buffer page;

    DashboardPage() {
        try (InputStream in = DashboardPage.class.getResourceAsStream(RESOURCE)) {
            if (in == null) {
                throw new IllegalStateException("the dashboard page " + RESOURCE + " is missing from the proxy's jar");
            }
            page = Buffer.buffer(in.readAllBytes());
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    @Override
    public void handle(RoutingContext rc) {
        rc.response()
                .putHeader("content-type", "text/html; charset=utf-8")
                // the page runs its own inline script and talks to this server only
                .putHeader("content-security-policy",
                        "default-src 'none'; script-src 'unsafe-inline'; style-src 'unsafe-inline'; connect-src 'self'; img-src data:")
                .putHeader("x-frame-options", "DENY")
                .putHeader("cache-control", "no-store")
                .end(page);
    }
}
