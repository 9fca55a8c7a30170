package dev.bliss.training.simulate.actor;

import dev.bliss.training.simulate.Header;
import dev.bliss.training.simulate.SimulatedRequest.Protocol;
import dev.bliss.training.simulate.identity.Crawler;
import dev.bliss.training.simulate.identity.TlsClient;
import dev.bliss.training.simulate.site.SiteMap;
import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.List;

/**
 * A verified search or AI crawler: its operator's user agent from an address in the operator's
 * published networks (through X-Forwarded-For), robots.txt first, then many distinct pages at a
 * steady, polite pace, no cookies. Renderers (user agents carrying a Chrome version) also fetch
 * the stylesheet and scripts once.
 */
final class CrawlerActor extends Actor {

    private final String ip;
    private final String userAgent;
    private final TlsClient.Fingerprint fingerprint;
    private final Protocol protocol;
    private final boolean google;
    private final double meanPause;
    private final ArrayDeque<String> queue = new ArrayDeque<>();

    CrawlerActor(Identity identity, Crawler crawler) {
        super(identity);
        this.ip = crawler.address(random);
        this.userAgent = crawler.userAgent(140 + random.nextInt(12));
        this.google = crawler.name().startsWith("Google");
        TlsClient stack = crawler.name().startsWith("GPT") || crawler.name().startsWith("OAI") ? TlsClient.GO
                : crawler.name().startsWith("Duck") ? TlsClient.CURL : TlsClient.CRAWLER;
        this.fingerprint = stack.fingerprint(random);
        this.protocol = google && random.nextDouble() < 0.3 ? Protocol.HTTP_2 : Protocol.HTTP_1_1;
        this.meanPause = random.nextDouble(0.8, 4);
        queue.add("/robots.txt");
        if (random.nextDouble() < 0.4) {
            queue.add("/sitemap.xml");
        }
        if (userAgent.contains("Chrome/")) {
            queue.add("/static/css/site.css");
            queue.add("/static/js/vendor.js");
            queue.add("/static/js/app.js");
        }
    }

    @Override
    protected boolean keepsCookies() {
        return false;
    }

    @Override
    protected Step plan(String id) {
        String path = queue.isEmpty() ? nextPage() : queue.poll();
        List<Header> headers = new ArrayList<>(5);
        headers.add(new Header("User-Agent", userAgent));
        headers.add(new Header("Accept", path.endsWith(".txt") ? "text/plain,*/*;q=0.8"
                : "text/html,application/xhtml+xml,application/xml;q=0.9,*/*;q=0.8"));
        if (google) {
            headers.add(new Header("From", "googlebot(at)googlebot.com"));
        }
        headers.add(new Header("Accept-Encoding", "gzip, deflate, br"));
        // crawl pacing: steady rate with a moderate spread (a scheduler, not a person)
        double pause = logNormal(meanPause, 0.35, 0.2, 30);
        return new Step(pause, request(id, ip, fingerprint, protocol, "GET", path, headers, null));
    }

    private String nextPage() {
        double r = random.nextDouble();
        if (r < 0.55) {
            return SiteMap.product(1 + random.nextInt(SiteMap.PRODUCTS));
        }
        if (r < 0.85) {
            return SiteMap.post(1 + random.nextInt(SiteMap.POSTS));
        }
        if (r < 0.97) {
            return SiteMap.listing(1 + random.nextInt(SiteMap.LISTING_PAGES));
        }
        // a link that once existed: crawlers revisit old URLs and get 404
        return SiteMap.product(SiteMap.PRODUCTS + 1 + random.nextInt(200));
    }
}
