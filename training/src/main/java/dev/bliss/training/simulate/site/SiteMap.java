package dev.bliss.training.simulate.site;

import java.util.ArrayList;
import java.util.List;

/**
 * The lab site's pages, their links and their assets: one deterministic function of the path,
 * used by the site to render pages and by the simulated clients to browse them (a person clicks
 * links they see; the simulator reads them from here rather than parsing HTML).
 *
 * <pre>
 *  /                      home: sections, featured products and posts
 *  /products?page=1..20   listings of 20 products each
 *  /products/1..400       a product with four related ones
 *  /blog, /blog/1..150    posts
 *  /search?q=...          results (any query)
 *  /about, /contact
 *  /login                 GET: the form; POST: 200 + Set-Cookie auth for a known account, else 401
 *  /robots.txt, /sitemap.xml
 *  /static/...            css, js, png, jpg; /favicon.ico
 * </pre>
 * Anything else is 404.
 */
public final class SiteMap {

    public static final int PRODUCTS = 400;
    public static final int PRODUCTS_PER_PAGE = 20;
    public static final int LISTING_PAGES = PRODUCTS / PRODUCTS_PER_PAGE;
    public static final int POSTS = 150;

    /** Assets every page references (browsers cache them after the first page). */
    public static final List<String> COMMON_ASSETS = List.of("/static/css/site.css", "/static/js/vendor.js",
            "/static/js/app.js", "/static/img/logo.png", "/favicon.ico");

    private SiteMap() {
    }

    /** What kind of resource a path is. */
    public enum Kind { PAGE, LOGIN, ASSET, ROBOTS, SITEMAP, NOT_FOUND }

    public static Kind kind(String path) {
        String p = withoutQuery(path);
        return switch (p) {
            case "/", "/products", "/blog", "/about", "/contact", "/search" -> Kind.PAGE;
            case "/login" -> Kind.LOGIN;
            case "/robots.txt" -> Kind.ROBOTS;
            case "/sitemap.xml" -> Kind.SITEMAP;
            default -> {
                if (COMMON_ASSETS.contains(p)) {
                    yield Kind.ASSET;
                }
                int product = number(p, "/products/", "");
                if (product >= 1 && product <= PRODUCTS) {
                    yield Kind.PAGE;
                }
                int post = number(p, "/blog/", "");
                if (post >= 1 && post <= POSTS) {
                    yield Kind.PAGE;
                }
                int image = number(p, "/static/img/products/", ".png");
                if (image >= 1 && image <= PRODUCTS) {
                    yield Kind.ASSET;
                }
                int cover = number(p, "/static/img/blog/", ".jpg");
                yield cover >= 1 && cover <= POSTS ? Kind.ASSET : Kind.NOT_FOUND;
            }
        };
    }

    public static String product(int n) {
        return "/products/" + n;
    }

    public static String post(int n) {
        return "/blog/" + n;
    }

    public static String listing(int page) {
        return page == 1 ? "/products" : "/products?page=" + page;
    }

    /** The pages a page links to, in page order. */
    public static List<String> links(String path) {
        List<String> out = new ArrayList<>();
        String p = withoutQuery(path);
        int product = number(p, "/products/", "");
        int post = number(p, "/blog/", "");
        if (p.equals("/")) {
            out.add("/products");
            out.add("/blog");
            for (int i = 0; i < 6; i++) {
                out.add(product(1 + spread(i * 67 + 13, PRODUCTS)));
            }
            for (int i = 0; i < 3; i++) {
                out.add(post(POSTS - i));
            }
        } else if (p.equals("/products")) {
            int page = listingPage(path);
            for (int i = 1; i <= PRODUCTS_PER_PAGE; i++) {
                out.add(product((page - 1) * PRODUCTS_PER_PAGE + i));
            }
            if (page < LISTING_PAGES) {
                out.add(listing(page + 1));
            }
        } else if (product > 0) {
            for (int i = 1; i <= 4; i++) {
                out.add(product(1 + spread(product * 31 + i * 7, PRODUCTS)));
            }
            out.add(listing(1 + (product - 1) / PRODUCTS_PER_PAGE));
        } else if (p.equals("/blog")) {
            for (int i = 0; i < 10; i++) {
                out.add(post(POSTS - i));
            }
        } else if (post > 0) {
            for (int i = 1; i <= 3; i++) {
                out.add(post(1 + spread(post * 17 + i * 5, POSTS)));
            }
            out.add("/blog");
        } else if (p.equals("/search")) {
            for (int i = 0; i < 8; i++) {
                out.add(product(1 + spread(path.hashCode() + i * 11, PRODUCTS)));
            }
        }
        out.add("/");
        out.add("/about");
        out.add("/login");
        return out;
    }

    /** The assets a page references: the common ones, then its own images. */
    public static List<String> assets(String path) {
        List<String> out = new ArrayList<>(COMMON_ASSETS);
        String p = withoutQuery(path);
        int product = number(p, "/products/", "");
        int post = number(p, "/blog/", "");
        if (product > 0) {
            out.add("/static/img/products/" + product + ".png");
            for (int i = 1; i <= 4; i++) {
                out.add("/static/img/products/" + (1 + spread(product * 31 + i * 7, PRODUCTS)) + ".png");
            }
        } else if (p.equals("/products") || p.equals("/search")) {
            for (String link : links(path)) {
                int n = number(link, "/products/", "");
                if (n > 0) {
                    out.add("/static/img/products/" + n + ".png");
                }
            }
        } else if (post > 0) {
            out.add("/static/img/blog/" + post + ".jpg");
        } else if (p.equals("/")) {
            for (int i = 0; i < 6; i++) {
                out.add("/static/img/products/" + (1 + spread(i * 67 + 13, PRODUCTS)) + ".png");
            }
        }
        return out;
    }

    /** The page number of a products listing path (1 without a page parameter). */
    public static int listingPage(String path) {
        int q = path.indexOf("?page=");
        if (q < 0) {
            return 1;
        }
        try {
            int page = Integer.parseInt(path.substring(q + 6));
            return page >= 1 && page <= LISTING_PAGES ? page : -1;
        } catch (NumberFormatException e) {
            return -1;
        }
    }

    public static String withoutQuery(String path) {
        int q = path.indexOf('?');
        return q < 0 ? path : path.substring(0, q);
    }

    /** The positive decimal between {@code prefix} and {@code suffix} making up all of {@code path}, else -1. */
    static int number(String path, String prefix, String suffix) {
        if (!path.startsWith(prefix) || !path.endsWith(suffix) || path.length() <= prefix.length() + suffix.length()) {
            return -1;
        }
        int end = path.length() - suffix.length();
        if (end - prefix.length() > 6) {
            return -1;
        }
        int n = 0;
        for (int i = prefix.length(); i < end; i++) {
            char c = path.charAt(i);
            if (c < '0' || c > '9') {
                return -1;
            }
            n = n * 10 + (c - '0');
        }
        return path.charAt(prefix.length()) == '0' ? -1 : n;
    }

    /** A fixed pseudo-random index in [0, n) for a seed: the site's "related items". */
    private static int spread(int seed, int n) {
        int h = seed * 0x9E3779B1;
        h ^= h >>> 15;
        return Math.floorMod(h, n);
    }
}
