package dev.bliss.training.simulate.actor;

import dev.bliss.training.simulate.Population;
import dev.bliss.training.simulate.PopulationMix;
import dev.bliss.training.simulate.SimulatedRequest;
import dev.bliss.training.simulate.identity.Addresses;
import dev.bliss.training.simulate.identity.BrowserCatalog;
import dev.bliss.training.simulate.identity.CrawlerCatalog;
import dev.bliss.training.simulate.identity.InterceptingGateway;
import java.util.ArrayList;
import java.util.EnumMap;
import java.util.List;
import java.util.Map;
import java.util.NoSuchElementException;
import java.util.SplittableRandom;

/**
 * The actors of a run, drawn from the seed. Each population has its own budget (its share of the
 * run's requests, the last one taking the rounding remainder), its own random source and its own
 * block of request numbers; its actors come in a fixed order, each with a length drawn from the
 * population's distribution, capped at a quarter of the budget (so a short run still has several
 * actors of each kind) and, for the last, cut to what is left.
 *
 * <p>Each actor reaches the site over TLS or, with probability {@code cleartextShare} in every
 * population alike, over plain HTTP (no fingerprint for the proxy to see); that draw has its own
 * random source per population, so the share changes no other draw of the run.
 *
 * <p>So the requests of a population do not depend on when the runner asks for its next actor, and
 * a run that is not cut short by its duration sends the same set of requests every time: exactly
 * the budget, with the same ids. Which population's actor starts next is the runner's choice.
 *
 * <p>Not thread-safe.
 */
public final class Cast {

    private static final int NAT_POOL = 64;
    /** TLS-intercepting gateways per run, for the people at work behind them. */
    private static final int GATEWAYS = 8;

    private final Map<Population, PopulationPlan> plans = new EnumMap<>(Population.class);
    private final BrowserCatalog browsers = BrowserCatalog.standard();
    private final CrawlerCatalog crawlers = CrawlerCatalog.standard();
    private final String idPrefix;
    private final String origin;
    private final double cleartextShare;
    /** Per population: people's actors of one population come in a fixed order, those of two do not. */
    private final Map<Population, List<String>> recentHumanAddresses = new EnumMap<>(Population.class);
    private final List<InterceptingGateway> gateways = new ArrayList<>(GATEWAYS);

    /** One population's actors: its budget, random source and next request number. */
    private static final class PopulationPlan {
        final SplittableRandom random;
        SplittableRandom transports;
        final long budget;
        long nextNumber;
        long planned;
        int actors;

        PopulationPlan(SplittableRandom random, long budget, long firstNumber) {
            this.random = random;
            this.budget = budget;
            this.nextNumber = firstNumber;
        }
    }

    /**
     * @param origin         the site's origin as clients name it in Referer and Origin ({@code http://host:port})
     * @param cleartextShare the probability that an actor reaches the site over plain HTTP, in [0, 1]
     */
    public Cast(long seed, PopulationMix mix, long requests, String origin, double cleartextShare) {
        if (!(cleartextShare >= 0 && cleartextShare <= 1)) {
            throw new IllegalArgumentException("cleartext share must be in [0, 1], got " + cleartextShare);
        }
        this.idPrefix = "s" + seed + "-";
        this.origin = origin;
        this.cleartextShare = cleartextShare;
        SplittableRandom root = new SplittableRandom(seed);
        Population last = null;
        for (Population p : Population.values()) {
            if (mix.share(p) > 0) {
                last = p;
            }
        }
        long given = 0;
        for (Population p : Population.values()) {
            SplittableRandom random = root.split(); // split for every population: a mix change keeps the others' draws
            if (mix.share(p) > 0) {
                long budget = p == last ? requests - given : (long) Math.floor(requests * mix.share(p));
                plans.put(p, new PopulationPlan(random, budget, given));
                given += budget;
            }
        }
        // split after every population's own source, so adding the transport draw kept their sequences
        for (Population p : Population.values()) {
            SplittableRandom transports = root.split();
            PopulationPlan plan = plans.get(p);
            if (plan != null) {
                plan.transports = transports;
            }
        }
    }

    /** Whether any population has requests left to plan. */
    public boolean hasNext() {
        for (Population p : plans.keySet()) {
            if (hasNext(p)) {
                return true;
            }
        }
        return false;
    }

    public boolean hasNext(Population p) {
        PopulationPlan s = plans.get(p);
        return s != null && s.planned < s.budget;
    }

    /** The population's budget of requests (0 when the mix leaves it out). */
    public long budget(Population p) {
        PopulationPlan s = plans.get(p);
        return s == null ? 0 : s.budget;
    }

    /** The next actor of {@code population}; only while {@link #hasNext(Population)}. */
    public Actor next(Population population) {
        if (!hasNext(population)) {
            throw new NoSuchElementException("no requests left to plan for " + population.id());
        }
        PopulationPlan s = plans.get(population);
        SplittableRandom random = s.random.split();
        long cap = Math.max(10, s.budget / 4);
        int length = (int) Math.min(Math.min(drawLength(population, random), cap), s.budget - s.planned);
        SimulatedRequest.Transport transport = s.transports.nextDouble() < cleartextShare
                ? SimulatedRequest.Transport.CLEARTEXT : SimulatedRequest.Transport.TLS;
        Actor.Identity identity = new Actor.Identity(population, s.actors, idPrefix, s.nextNumber, length, random, origin,
                transport);
        Actor actor = switch (population) {
            case HUMAN -> new HumanActor(identity, humanAddress(population, random), browsers);
            case VERIFIED_BOT -> new CrawlerActor(identity, crawlers.pick(random));
            case SCRAPER -> new ScraperActor(identity, browsers);
            case CREDENTIAL_STUFFER -> new StufferActor(identity, browsers);
            case HEADLESS -> new HeadlessActor(identity, browsers);
            case ASSET_STUFFER -> new AssetStufferActor(identity, browsers);
            case BROWSER_AUTOMATION -> new HeadlessActor(identity, browsers, true);
            case IP_ROTATOR -> new StufferActor(identity, browsers, true);
            case UA_ROTATOR -> new ScriptedBrowserScraperActor(identity, browsers, ScriptedBrowserScraperActor.Style.UA_ROTATOR);
            case FAST_SCRAPER -> new ScriptedBrowserScraperActor(identity, browsers, ScriptedBrowserScraperActor.Style.FAST);
            case SLOW_SCRAPER -> new ScriptedBrowserScraperActor(identity, browsers, ScriptedBrowserScraperActor.Style.SLOW);
            case CACHED_ASSETS -> new HumanActor(identity, humanAddress(population, random), browsers, HumanActor.Variant.CACHED_ASSETS);
            case SINGLE_PAGE -> new HumanActor(identity, humanAddress(population, random), browsers, HumanActor.Variant.SINGLE_PAGE);
            case IN_APP -> new HumanActor(identity, humanAddress(population, random), browsers, HumanActor.Variant.IN_APP);
            case CONSOLE_TV -> new HumanActor(identity, humanAddress(population, random), browsers, HumanActor.Variant.CONSOLE_TV);
            case OLD_BROWSER -> new HumanActor(identity, humanAddress(population, random), browsers, HumanActor.Variant.OLD_BROWSER);
            case RETURNING -> new HumanActor(identity, humanAddress(population, random), browsers, HumanActor.Variant.RETURNING);
            case MIDDLEBOX -> {
                InterceptingGateway gateway = gateway(random);
                yield new HumanActor(identity, gateway.address(random), browsers, HumanActor.Variant.MIDDLEBOX, gateway);
            }
        };
        s.planned += length;
        s.nextNumber += length;
        s.actors++;
        return actor;
    }

    /** A session's length in requests, by population (means: 48, 330, 900, 450, 340). */
    private static long drawLength(Population p, SplittableRandom random) {
        double e = -Math.log(1 - random.nextDouble());
        return switch (p) {
            case HUMAN, MIDDLEBOX -> Math.min(400, 8 + (long) (40 * e));
            case VERIFIED_BOT -> Math.min(3000, 30 + (long) (300 * e));
            case SCRAPER -> Math.min(6000, 100 + (long) (800 * e));
            case CREDENTIAL_STUFFER -> Math.min(4000, 50 + (long) (400 * e));
            case HEADLESS -> Math.min(3000, 40 + (long) (300 * e));
            case ASSET_STUFFER -> Math.min(4000, 60 + (long) (500 * e));
            case BROWSER_AUTOMATION -> Math.min(4000, 60 + (long) (500 * e));
            case IP_ROTATOR -> Math.min(4000, 50 + (long) (400 * e));
            case UA_ROTATOR -> Math.min(4000, 50 + (long) (400 * e));
            case FAST_SCRAPER -> Math.min(6000, 100 + (long) (800 * e));
            case SLOW_SCRAPER -> Math.min(400, 20 + (long) (120 * e));
            case CACHED_ASSETS, IN_APP, CONSOLE_TV, OLD_BROWSER -> Math.min(200, 3 + (long) (15 * e));
            case SINGLE_PAGE -> 1 + (long) (3 * e) % 4;
            case RETURNING -> Math.min(300, 4 + (long) (25 * e));
        };
    }

    /**
     * The gateway a person at work is behind: one of the run's few, drawn when the population's
     * first actor starts (its actors come in a fixed order, so the gateways are the seed's), the
     * first ones busiest, as a few large organisations send most such traffic.
     */
    private InterceptingGateway gateway(SplittableRandom random) {
        if (gateways.isEmpty()) {
            for (int i = 0; i < GATEWAYS; i++) {
                gateways.add(InterceptingGateway.draw(random));
            }
        }
        return gateways.get(Math.min(random.nextInt(GATEWAYS), random.nextInt(GATEWAYS)));
    }

    /**
     * A person's address: often one shared with earlier sessions (a household, an office NAT).
     * Each population of people has its own pool, drawn from in that population's fixed order of
     * actors, so the pools' contents are deterministic whichever population starts an actor first.
     */
    private String humanAddress(Population population, SplittableRandom random) {
        List<String> recentHumanAddresses = this.recentHumanAddresses.computeIfAbsent(population, p -> new ArrayList<>());
        if (!recentHumanAddresses.isEmpty() && random.nextDouble() < 0.3) {
            return recentHumanAddresses.get(random.nextInt(recentHumanAddresses.size()));
        }
        String address = random.nextDouble() < 0.15 ? Addresses.mobileV6(random) : Addresses.residentialV4(random);
        if (recentHumanAddresses.size() < NAT_POOL) {
            recentHumanAddresses.add(address);
        } else {
            recentHumanAddresses.set(random.nextInt(NAT_POOL), address);
        }
        return address;
    }
}
