package dev.bliss.training.simulate.site;

import io.vertx.core.Future;
import io.vertx.core.Vertx;
import io.vertx.core.buffer.Buffer;
import io.vertx.core.http.HttpMethod;
import io.vertx.core.http.HttpServer;
import io.vertx.core.http.HttpServerOptions;
import io.vertx.core.http.HttpServerRequest;
import io.vertx.core.http.HttpServerResponse;
import java.net.URLDecoder;
import java.nio.charset.StandardCharsets;
import java.util.concurrent.ThreadLocalRandom;

/**
 * The origin of the lab: a small site that behaves like one, so that status, cookie and static
 * features mean something. Pages are HTML linking to their assets ({@link SiteMap}); the first
 * response to a client without a session sets one ({@code sid}); {@code POST /login} answers 200
 * with an {@code auth} cookie for an {@link Accounts account} and 401 otherwise; unknown paths
 * are 404.
 *
 * <p>The session id is derived from the request id header when there is one (the proxy forwards
 * it), so that a simulated run sees the same cookies every time; without it, it is random.
 *
 * <p>One Vert.x HTTP server on one event loop; the handler runs there and does no blocking work.
 */
public final class LabSite {

    /** The header the request id arrives in, by default. */
    public static final String DEFAULT_REQUEST_ID_HEADER = "x-request-id";

    private static final Buffer CSS = filler("/* lab site styles */\nbody{font-family:sans-serif;margin:0}\n", 1800);
    private static final Buffer VENDOR_JS = filler("/* vendor bundle */\n!function(){\"use strict\";}();\n", 9000);
    private static final Buffer APP_JS = filler("/* app */\ndocument.addEventListener('DOMContentLoaded',()=>{});\n", 2600);
    // the PNG signature, then padding to a thumbnail's size: clients only count bytes
    private static final Buffer IMAGE = Buffer.buffer(new byte[] {(byte) 0x89, 'P', 'N', 'G', '\r', '\n', 0x1a, '\n'})
            .appendBuffer(filler("", 4192));
    private static final Buffer ROBOTS = Buffer.buffer("User-agent: *\nDisallow: /login\nSitemap: /sitemap.xml\n");

    private final Vertx vertx;
    private final String requestIdHeader;
    private HttpServer server;

    public LabSite(Vertx vertx, String requestIdHeader) {
        this.vertx = vertx;
        this.requestIdHeader = requestIdHeader;
    }

    /** Starts listening on {@code host:port} (0 = any free port). */
    public Future<LabSite> listen(String host, int port) {
        server = vertx.createHttpServer(new HttpServerOptions().setHost(host).setPort(port).setCompressionSupported(false))
                .requestHandler(this::handle);
        return server.listen().map(s -> this);
    }

    public int port() {
        return server.actualPort();
    }

    public Future<Void> close() {
        return server == null ? Future.succeededFuture() : server.close();
    }

    /** Answers one request once its body has arrived. */
    public void handle(HttpServerRequest request) {
        request.body().onSuccess(body -> respond(request, body))
                .onFailure(e -> request.response().setStatusCode(400).end());
    }

    /** Answers {@code request}, whose body has been read into {@code body}. */
    public void respond(HttpServerRequest request, Buffer body) {
        HttpServerResponse response = request.response();
        String path = request.uri();
        SiteMap.Kind kind = SiteMap.kind(path);
        if (kind == SiteMap.Kind.ASSET) {
            asset(response, SiteMap.withoutQuery(path));
            return;
        }
        boolean hasSession = hasCookie(request, "sid");
        if (!hasSession) {
            response.putHeader("set-cookie", "sid=" + token(request, "sid") + "; Path=/; HttpOnly; SameSite=Lax");
        }
        switch (kind) {
            case LOGIN -> login(request, response, body);
            case ROBOTS -> response.putHeader("content-type", "text/plain").end(ROBOTS);
            case SITEMAP -> response.putHeader("content-type", "application/xml").end(sitemap());
            case PAGE -> {
                if (request.method() != HttpMethod.GET && request.method() != HttpMethod.HEAD) {
                    response.setStatusCode(405).putHeader("allow", "GET, HEAD").end();
                } else if (path.startsWith("/products?") && SiteMap.listingPage(path) < 0) {
                    notFound(response);
                } else {
                    page(response, path, null);
                }
            }
            default -> notFound(response);
        }
    }

    private void login(HttpServerRequest request, HttpServerResponse response, Buffer body) {
        if (request.method() == HttpMethod.GET) {
            page(response, "/login", null);
            return;
        }
        if (request.method() != HttpMethod.POST) {
            response.setStatusCode(405).putHeader("allow", "GET, POST").end();
            return;
        }
        String form = body.toString(StandardCharsets.UTF_8);
        String username = formValue(form, "username");
        String password = formValue(form, "password");
        if (Accounts.valid(username, password)) {
            response.putHeader("set-cookie", "auth=" + token(request, "auth") + "; Path=/; HttpOnly; SameSite=Lax");
            page(response, "/account", "Welcome back.");
        } else {
            response.setStatusCode(401);
            page(response, "/login", "Wrong e-mail or password.");
        }
    }

    private static void asset(HttpServerResponse response, String path) {
        String type;
        Buffer content;
        if (path.endsWith(".css")) {
            type = "text/css";
            content = CSS;
        } else if (path.endsWith(".js")) {
            type = "application/javascript";
            content = path.contains("vendor") ? VENDOR_JS : APP_JS;
        } else if (path.endsWith(".jpg")) {
            type = "image/jpeg";
            content = IMAGE;
        } else if (path.endsWith(".ico")) {
            type = "image/x-icon";
            content = IMAGE;
        } else {
            type = "image/png";
            content = IMAGE;
        }
        response.putHeader("content-type", type).putHeader("cache-control", "public, max-age=86400").end(content);
    }

    private static void page(HttpServerResponse response, String path, String message) {
        StringBuilder html = new StringBuilder(2048);
        html.append("<!doctype html>\n<html lang=\"en\"><head><meta charset=\"utf-8\"><title>Lab shop ")
                .append(escape(path)).append("</title>\n");
        for (String asset : SiteMap.assets(path)) {
            if (asset.endsWith(".css")) {
                html.append("<link rel=\"stylesheet\" href=\"").append(asset).append("\">\n");
            } else if (asset.endsWith(".js")) {
                html.append("<script src=\"").append(asset).append("\" defer></script>\n");
            }
        }
        html.append("</head><body><header><img src=\"/static/img/logo.png\" alt=\"Lab shop\"></header>\n<main>\n");
        if (message != null) {
            html.append("<p class=\"message\">").append(message).append("</p>\n");
        }
        if (path.equals("/login")) {
            html.append("<form method=\"post\" action=\"/login\"><input name=\"username\" type=\"email\">"
                    + "<input name=\"password\" type=\"password\"><button>Sign in</button></form>\n");
        }
        for (String asset : SiteMap.assets(path)) {
            if (asset.startsWith("/static/img/") && !asset.endsWith("logo.png")) {
                html.append("<img src=\"").append(asset).append("\" loading=\"lazy\">\n");
            }
        }
        html.append("<ul>\n");
        for (String link : SiteMap.links(path)) {
            html.append("<li><a href=\"").append(escape(link)).append("\">").append(escape(link)).append("</a></li>\n");
        }
        html.append("</ul>\n</main></body></html>\n");
        response.putHeader("content-type", "text/html; charset=utf-8").putHeader("cache-control", "no-store")
                .end(html.toString());
    }

    private static void notFound(HttpServerResponse response) {
        response.setStatusCode(404).putHeader("content-type", "text/html; charset=utf-8")
                .end("<!doctype html><title>Not found</title><p>No such page. <a href=\"/\">Home</a></p>\n");
    }

    private static Buffer sitemap() {
        StringBuilder xml = new StringBuilder("<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n"
                + "<urlset xmlns=\"http://www.sitemaps.org/schemas/sitemap/0.9\">\n");
        for (int i = 1; i <= SiteMap.PRODUCTS; i++) {
            xml.append("<url><loc>").append(SiteMap.product(i)).append("</loc></url>\n");
        }
        for (int i = 1; i <= SiteMap.POSTS; i++) {
            xml.append("<url><loc>").append(SiteMap.post(i)).append("</loc></url>\n");
        }
        return Buffer.buffer(xml.append("</urlset>\n").toString());
    }

    /** A cookie value: from the request id when there is one (reproducible runs), else random. */
    private String token(HttpServerRequest request, String salt) {
        String id = request.getHeader(requestIdHeader);
        long h;
        if (id == null) {
            h = ThreadLocalRandom.current().nextLong();
        } else {
            h = 0xcbf29ce484222325L;
            for (int i = 0; i < id.length(); i++) {
                h = (h ^ id.charAt(i)) * 0x100000001b3L;
            }
            for (int i = 0; i < salt.length(); i++) {
                h = (h ^ salt.charAt(i)) * 0x100000001b3L;
            }
            h ^= h >>> 29;
        }
        return String.format("%016x", h);
    }

    private static boolean hasCookie(HttpServerRequest request, String name) {
        String cookies = request.getHeader("cookie");
        if (cookies == null) {
            return false;
        }
        for (String part : cookies.split(";")) {
            String p = part.strip();
            if (p.startsWith(name + "=")) {
                return true;
            }
        }
        return false;
    }

    private static String formValue(String form, String name) {
        for (String pair : form.split("&")) {
            int eq = pair.indexOf('=');
            if (eq > 0 && pair.substring(0, eq).equals(name)) {
                try {
                    return URLDecoder.decode(pair.substring(eq + 1), StandardCharsets.UTF_8);
                } catch (IllegalArgumentException malformed) {
                    return null; // a bad %-escape: no such credentials
                }
            }
        }
        return null;
    }

    private static String escape(String text) {
        return text.replace("&", "&amp;").replace("<", "&lt;").replace("\"", "&quot;");
    }

    private static Buffer filler(String head, int size) {
        Buffer b = Buffer.buffer(size).appendString(head);
        while (b.length() < size) {
            b.appendByte((byte) ' ');
        }
        return b;
    }
}
