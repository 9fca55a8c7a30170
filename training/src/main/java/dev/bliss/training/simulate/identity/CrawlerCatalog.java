package dev.bliss.training.simulate.identity;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.SplittableRandom;

/** The verified crawlers of {@code crawlers.txt} (a resource beside this class). Immutable. */
public final class CrawlerCatalog {

    private static final String RESOURCE = "crawlers.txt";
    private static final CrawlerCatalog DEFAULT = new CrawlerCatalog(load());

    private final List<Crawler> crawlers;
    private final double totalWeight;

    private CrawlerCatalog(List<Crawler> crawlers) {
        this.crawlers = crawlers;
        this.totalWeight = crawlers.stream().mapToDouble(Crawler::weight).sum();
    }

    public static CrawlerCatalog standard() {
        return DEFAULT;
    }

    public List<Crawler> all() {
        return crawlers;
    }

    /** A crawler drawn by weight. */
    public Crawler pick(SplittableRandom random) {
        double r = random.nextDouble() * totalWeight;
        for (Crawler c : crawlers) {
            r -= c.weight();
            if (r < 0) {
                return c;
            }
        }
        return crawlers.getLast();
    }

    private static List<Crawler> load() {
        List<Crawler> out = new ArrayList<>();
        for (ResourceLines.Line line : ResourceLines.read(RESOURCE)) {
            String[] parts = line.text().split("\\s+", 4);
            if (parts.length < 4) {
                throw line.error(RESOURCE, "expected name, weight, networks and a user agent");
            }
            List<Ipv4Block> networks = Arrays.stream(parts[2].split(",")).map(Ipv4Block::parse).toList();
            out.add(new Crawler(parts[0], Double.parseDouble(parts[1]), networks, parts[3]));
        }
        return List.copyOf(out);
    }
}
