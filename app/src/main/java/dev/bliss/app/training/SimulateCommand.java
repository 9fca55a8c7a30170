package dev.bliss.app.training;

import dev.bliss.training.simulate.PopulationMix;
import dev.bliss.training.simulate.Simulation;
import dev.bliss.training.simulate.SimulationReport;
import dev.bliss.training.simulate.SimulationSettings;
import dev.bliss.training.simulate.TruthFile;
import dev.bliss.training.simulate.site.LabSite;
import io.vertx.core.Vertx;
import java.io.IOException;
import java.net.URI;
import java.net.URISyntaxException;
import java.nio.file.Path;
import java.time.Duration;
import java.util.concurrent.Callable;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;
import picocli.CommandLine.Command;
import picocli.CommandLine.ITypeConverter;
import picocli.CommandLine.Option;
import picocli.CommandLine.TypeConversionException;

/**
 * {@code bliss simulate}: simulated traffic from people and bots against a running proxy, with
 * the ground truth written to its own CSV file. Optionally starts the lab site (the origin the
 * lab configuration points at) for the length of the run.
 */
@Command(name = "simulate", mixinStandardHelpOptions = true,
        description = {"Send simulated traffic (people, verified crawlers, scrapers, credential stuffers, headless "
                + "browsers) to a proxy, and write who sent each request to a truth CSV (request_id,population,label).",
                "Ends after --requests requests or --duration, whichever comes first."})
public final class SimulateCommand implements Callable<Integer> {

    @Option(names = "--target", defaultValue = "http://127.0.0.1:8088",
            description = "The proxy's URL; it must trust this machine's address as a load balancer (default: ${DEFAULT-VALUE}).")
    String target;

    @Option(names = "--seed", defaultValue = "1", description = "Decides every request (default: ${DEFAULT-VALUE}).")
    long seed;

    @Option(names = "--requests", defaultValue = "200000", description = "The most requests sent (default: ${DEFAULT-VALUE}).")
    long requests;

    @Option(names = "--duration", defaultValue = "5m", converter = DurationConverter.class,
            description = "The longest the run sends: 90s, 5m, 1h (default: ${DEFAULT-VALUE}).")
    Duration duration;

    @Option(names = "--truth", required = true, description = "The ground-truth CSV to write.")
    Path truth;

    @Option(names = "--concurrency", defaultValue = "" + SimulationSettings.DEFAULT_CONCURRENCY,
            description = "Simulated clients active at once, one request in flight each (default: ${DEFAULT-VALUE}).")
    int concurrency;

    @Option(names = "--connections", defaultValue = "" + SimulationSettings.DEFAULT_CONNECTIONS,
            description = "HTTP/1.1 connections to the proxy, shared like a balancer's (default: ${DEFAULT-VALUE}).")
    int connections;

    @Option(names = "--time-scale", defaultValue = "" + SimulationSettings.DEFAULT_TIME_SCALE,
            description = "The most simulated seconds per real second: requests carry their simulated time "
                    + "(--event-time-header), so rates stay true to life at any speed (default: ${DEFAULT-VALUE}).")
    double timeScale;

    @Option(names = "--mix", description = "Request shares per population, e.g. human=0.5,scraper=0.2 (default: "
            + PopulationMix.DEFAULT_TEXT + ").")
    String mix;

    @Option(names = "--site", description = "Start the lab site on HOST:PORT (e.g. 127.0.0.1:9088) for the run.")
    String site;

    @Option(names = "--request-id-header", defaultValue = "x-request-id",
            description = "The header carrying request ids; the proxy's request_id_header (default: ${DEFAULT-VALUE}).")
    String requestIdHeader;

    @Option(names = "--ja3-header", defaultValue = "x-ja3",
            description = "The bot plugin's fingerprint_headers.ja3 (default: ${DEFAULT-VALUE}).")
    String ja3Header;

    @Option(names = "--ja4-header", defaultValue = "x-ja4",
            description = "The bot plugin's fingerprint_headers.ja4 (default: ${DEFAULT-VALUE}).")
    String ja4Header;

    @Option(names = "--event-time-header", defaultValue = "x-event-time",
            description = "The bot plugin's event_time_header: each request's simulated time, epoch ms; \"\" for none "
                    + "(default: ${DEFAULT-VALUE}).")
    String eventTimeHeader;

    @Option(names = "--cleartext-share", defaultValue = "" + SimulationSettings.DEFAULT_CLEARTEXT_SHARE,
            description = "The share of clients, in every population, that reach the site over plain HTTP: HTTP/1.1 "
                    + "and no JA3/JA4 header, as the proxy sees cleartext (default: ${DEFAULT-VALUE}).")
    double cleartextShare;

    @Override
    public Integer call() {
        PopulationMix m;
        try {
            m = mix == null ? PopulationMix.DEFAULT : PopulationMix.parse(mix);
        } catch (IllegalArgumentException e) {
            System.err.println("bliss simulate: --mix " + mix + ": " + e.getMessage());
            return 2;
        }
        if (!(cleartextShare >= 0 && cleartextShare <= 1)) {
            System.err.println("bliss simulate: --cleartext-share " + cleartextShare + ": a share in [0, 1]");
            return 2;
        }
        SimulationSettings settings;
        try {
            settings = new SimulationSettings(new URI(target), seed, requests, duration, concurrency, connections,
                    timeScale, m, requestIdHeader, ja3Header, ja4Header, eventTimeHeader, cleartextShare);
        } catch (URISyntaxException | IllegalArgumentException e) {
            System.err.println("bliss simulate: " + e.getMessage());
            return 2;
        }
        String siteHost = null;
        int sitePort = 0;
        if (site != null) {
            int colon = site.lastIndexOf(':');
            try {
                siteHost = site.substring(0, colon);
                sitePort = Integer.parseInt(site.substring(colon + 1));
            } catch (RuntimeException e) {
                System.err.println("bliss simulate: --site " + site + ": expected HOST:PORT");
                return 2;
            }
        }
        Vertx vertx = Vertx.vertx();
        LabSite lab = null;
        if (siteHost != null) {
            try {
                lab = new LabSite(vertx, requestIdHeader).listen(siteHost, sitePort).await(10, TimeUnit.SECONDS);
            } catch (Exception e) { // Future.await rethrows the bind failure as it came (a BindException)
                System.err.println("bliss simulate: --site " + site + ": " + e.getMessage());
                vertx.close();
                return 1;
            }
            System.out.println("bliss simulate: lab site on http://" + siteHost + ":" + lab.port() + "/");
        }
        try (TruthFile truthFile = TruthFile.create(truth)) {
            System.out.println("bliss simulate: seed " + seed + ", up to " + requests + " requests or " + duration.toSeconds()
                    + " s against " + target + ", mix " + settings.mix());
            // the run ends by its own bounds; the wait adds room for in-flight responses
            SimulationReport report = Simulation.run(vertx, settings, truthFile)
                    .await(duration.toMillis() + 120_000, TimeUnit.MILLISECONDS);
            if (lab != null) {
                lab.close().await(10, TimeUnit.SECONDS);
            }
            System.out.print(report.summary());
            System.out.println("truth: " + truth + " (" + truthFile.rows() + " rows)");
            if (report.stoppedBy() == SimulationReport.StopReason.TARGET_UNREACHABLE || report.answered() == 0) {
                System.err.println("bliss simulate: no responses from " + target + "; is the proxy running, and does it "
                        + "trust this address (trusted_proxies)?");
                return 1;
            }
            return 0;
        } catch (IOException e) {
            System.err.println("bliss simulate: " + truth + ": " + e.getMessage());
            return 1;
        } catch (TimeoutException e) {
            System.err.println("bliss simulate: the run did not finish in time");
            return 1;
        } catch (RuntimeException e) {
            // Future.await rethrows a failure of the run as it came
            System.err.println("bliss simulate: the run failed: " + e);
            return 1;
        } finally {
            vertx.close();
        }
    }

    /** Durations as in the configuration files: 250ms, 30s, 5m, 1h. */
    static final class DurationConverter implements ITypeConverter<Duration> {
        @Override
        public Duration convert(String text) {
            int i = 0;
            while (i < text.length() && Character.isDigit(text.charAt(i))) {
                i++;
            }
            if (i > 0 && i < text.length() && i <= 12) {
                long n = Long.parseLong(text.substring(0, i));
                switch (text.substring(i)) {
                    case "ms": return Duration.ofMillis(n);
                    case "s": return Duration.ofSeconds(n);
                    case "m": return Duration.ofMinutes(n);
                    case "h": return Duration.ofHours(n);
                    default: break;
                }
            }
            throw new TypeConversionException("'" + text + "' is not a duration (an integer and ms, s, m or h)");
        }
    }
}
