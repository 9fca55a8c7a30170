package dev.bliss.training.simulate;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.bliss.proxy.ProxyServer;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.TimeUnit;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * A bounded run through the real proxy with the lab's own challenge rules (config/lab/rules.yaml)
 * and the real challenge: the simulated people's browsers solve the page over TLS and reach the
 * site with their clearance, the scripts that claim a browser over their own TLS stack never get
 * past it, and the proxy's outcome counters agree with what the simulator sent.
 */
class ChallengedTrafficThroughProxyTest {

    private static final int REQUESTS = 3000;
    private static final String VERIFY = "/.bliss/challenge/verify";

    @TempDir
    Path dir;

    @Test
    void shouldLetPeopleSolveTheLabsChallengesAndKeepScriptsOut() throws Exception {
        String labRules = Files.readString(Path.of("..", "config", "lab", "rules.yaml"));
        try (RecordingSite site = new RecordingSite();
             ProxyServer proxy = LabProxy.start(dir, site, labRules, "challenge: {difficulty: 4}", "")) {
            Map<String, SimulatedRequest> sent = new ConcurrentHashMap<>();
            SimulationSettings settings = SimulationSettings.of(URI.create("http://127.0.0.1:" + proxy.port(0)), 5, REQUESTS,
                    Duration.ofSeconds(240)).withConcurrency(48).withTimeScale(1e5);
            SimulationReport report;
            try (TruthFile truth = TruthFile.create(dir.resolve("truth.csv"))) {
                report = Simulation.run(site.vertx(), settings, truth, r -> sent.put(r.id(), r)).await(300, TimeUnit.SECONDS);
            }
            assertEquals(REQUESTS, report.answered(), report.summary());

            int verifications = 0;
            int cleared = 0;
            int gatewayArrivals = 0;
            List<String> wrong = new ArrayList<>();
            for (SimulatedRequest r : sent.values()) {
                boolean tls = r.transport() == SimulatedRequest.Transport.TLS;
                boolean person = r.population().label() == 0 && r.population() != Population.VERIFIED_BOT;
                RecordingSite.Arrival arrival = site.arrivals().get(r.id());
                if (r.path().startsWith(VERIFY)) {
                    verifications++;
                    // only browsers run the page, and only over TLS (WebCrypto needs a secure context)
                    if (!tls || !(person || r.population() == Population.HEADLESS || r.population() == Population.BROWSER_AUTOMATION)) {
                        wrong.add(r.population().id() + " submitted a solution: " + r.id());
                    }
                    if (arrival != null) {
                        wrong.add("the reserved path reached the site: " + r.id());
                    }
                    continue;
                }
                if (arrival == null) {
                    continue;
                }
                String cookie = arrival.headers().getOrDefault("cookie", "");
                if (cookie.contains("bliss_clearance=")) {
                    cleared++;
                }
                // a browser's claim over the script's own stack: challenged on every request, never solved
                if (tls && r.population() == Population.UA_ROTATOR) {
                    wrong.add("a UA rotator's request over TLS reached the site: " + r.id() + " " + r.path());
                }
                // a person behind a gateway is challenged first (the gateway's TLS is not the browser's)
                // and from then on comes with the clearance the page set
                if (tls && r.population() == Population.MIDDLEBOX) {
                    gatewayArrivals++;
                    if (!cookie.contains("bliss_clearance=")) {
                        wrong.add("a gateway's person reached the site without a clearance: " + r.id() + " " + r.path());
                    }
                }
            }
            assertEquals(List.of(), wrong.subList(0, Math.min(10, wrong.size())), wrong.size() + " wrong");
            assertTrue(verifications > 0 && cleared > 0 && gatewayArrivals > 0,
                    verifications + " solutions sent, " + cleared + " requests with a clearance, " + gatewayArrivals
                            + " of the gateways' people over TLS");

            String metrics = metrics(proxy.adminPort());
            long solved = counter(metrics, "solved");
            long failed = counter(metrics, "failed");
            long issued = counter(metrics, "issued");
            assertEquals(verifications, solved + failed, metrics);
            assertTrue(solved > 0 && issued > solved, issued + " issued, " + solved + " solved");
        }
    }

    private static String metrics(int adminPort) throws Exception {
        HttpClient client = HttpClient.newBuilder().version(HttpClient.Version.HTTP_1_1).connectTimeout(Duration.ofSeconds(5)).build();
        HttpRequest request = HttpRequest.newBuilder(URI.create("http://127.0.0.1:" + adminPort + "/metrics"))
                .timeout(Duration.ofSeconds(10)).build();
        return client.send(request, HttpResponse.BodyHandlers.ofString()).body();
    }

    /** bliss_challenge_outcomes_total for {@code outcome}, summed over the rules. */
    private static long counter(String metrics, String outcome) {
        Matcher m = Pattern.compile("^bliss_challenge_outcomes_total\\{outcome=\"" + outcome + "\",[^}]*} ([0-9.E]+)$",
                Pattern.MULTILINE).matcher(metrics);
        double sum = 0;
        while (m.find()) {
            sum += Double.parseDouble(m.group(1));
        }
        return (long) sum;
    }
}
