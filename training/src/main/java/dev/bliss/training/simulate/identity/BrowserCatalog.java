package dev.bliss.training.simulate.identity;

import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.SplittableRandom;

/**
 * The browser user agents of {@code browsers.txt} (a resource beside this class, written from the
 * browsers' documented formats; its header says which). A draw picks a template by its weight,
 * then a version with later versions more likely, as browsers auto-update.
 *
 * <p>Immutable; {@link #pick} is deterministic for a given random source.
 */
public final class BrowserCatalog {

    private static final String RESOURCE = "browsers.txt";

    private record Template(BrowserFamily family, String platform, double weight, List<String> versions, String text) {
    }

    private static final BrowserCatalog DEFAULT = new BrowserCatalog(load());

    private final List<Template> templates;
    private final double totalWeight;

    private BrowserCatalog(List<Template> templates) {
        this.templates = templates;
        this.totalWeight = templates.stream().mapToDouble(Template::weight).sum();
    }

    /** The catalog of the shipped resource. */
    public static BrowserCatalog standard() {
        return DEFAULT;
    }

    /** A browser drawn by market weight. */
    public Browser pick(SplittableRandom random) {
        double r = random.nextDouble() * totalWeight;
        Template chosen = templates.getLast();
        for (Template t : templates) {
            r -= t.weight();
            if (r < 0) {
                chosen = t;
                break;
            }
        }
        return instantiate(chosen, random);
    }

    /** A browser of one family drawn by weight among that family's templates. */
    public Browser pick(BrowserFamily family, SplittableRandom random) {
        List<Template> ofFamily = templates.stream().filter(t -> t.family() == family).toList();
        double total = ofFamily.stream().mapToDouble(Template::weight).sum();
        double r = random.nextDouble() * total;
        for (Template t : ofFamily) {
            r -= t.weight();
            if (r < 0) {
                return instantiate(t, random);
            }
        }
        return instantiate(ofFamily.getLast(), random);
    }

    /**
     * A desktop browser of one family: {@link #pick(BrowserFamily, SplittableRandom)} again until
     * the draw is not a mobile one, what a script that copies one desktop browser settles on.
     */
    public Browser pickDesktop(BrowserFamily family, SplittableRandom random) {
        Browser b;
        do {
            b = pick(family, random);
        } while (b.mobile());
        return b;
    }

    /** Every user agent the catalog can produce (each template with each version). */
    public List<Browser> all() {
        List<Browser> out = new ArrayList<>();
        for (Template t : templates) {
            for (String v : t.versions()) {
                out.add(browser(t, v));
            }
        }
        return out;
    }

    private static Browser instantiate(Template t, SplittableRandom random) {
        // triangular weights 1..n: the newest version is n times as likely as the oldest
        int n = t.versions().size();
        int pick = random.nextInt(n * (n + 1) / 2);
        int index = 0;
        for (int w = 1; w <= n; w++) {
            pick -= w;
            if (pick < 0) {
                index = w - 1;
                break;
            }
        }
        return browser(t, t.versions().get(index));
    }

    private static Browser browser(Template t, String version) {
        String ua = t.text().replace("{v_}", version.replace('.', '_')).replace("{v}", version);
        return new Browser(t.family(), t.platform(), version, ua);
    }

    private static List<Template> load() {
        List<Template> out = new ArrayList<>();
        for (ResourceLines.Line line : ResourceLines.read(RESOURCE)) {
            String[] parts = line.text().split("\\s+", 5);
            if (parts.length < 5) {
                throw line.error(RESOURCE, "expected family, platform, weight, versions and a template");
            }
            BrowserFamily family;
            try {
                family = BrowserFamily.valueOf(parts[0].toUpperCase(Locale.ROOT));
            } catch (IllegalArgumentException e) {
                throw line.error(RESOURCE, "unknown family " + parts[0]);
            }
            out.add(new Template(family, parts[1], Double.parseDouble(parts[2]), versions(parts[3]), parts[4]));
        }
        return List.copyOf(out);
    }

    private static List<String> versions(String text) {
        int dash = text.indexOf('-');
        if (dash > 0) {
            int from = Integer.parseInt(text.substring(0, dash));
            int to = Integer.parseInt(text.substring(dash + 1));
            List<String> out = new ArrayList<>();
            for (int v = from; v <= to; v++) {
                out.add(Integer.toString(v));
            }
            return out;
        }
        return List.of(text.split(","));
    }
}
