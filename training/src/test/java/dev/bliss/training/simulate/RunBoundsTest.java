package dev.bliss.training.simulate;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.bliss.training.simulate.actor.Cast;
import java.net.URI;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** A run stops at its duration when that comes first; budgets add up to the request count; mixes parse strictly. */
class RunBoundsTest {

    @TempDir
    Path dir;

    @Test
    void shouldStopAtTheDurationWhenItComesBeforeTheRequestCount() throws Exception {
        try (RecordingSite site = new RecordingSite()) {
            Path truthPath = dir.resolve("truth.csv");
            SimulationSettings settings = SimulationSettings.of(URI.create(site.url()), 1, 10_000_000, Duration.ofSeconds(2))
                    .withConcurrency(32);
            SimulationReport report;
            try (TruthFile truth = TruthFile.create(truthPath)) {
                report = Simulation.run(site.vertx(), settings, truth).await(60, TimeUnit.SECONDS);
            }
            assertEquals(SimulationReport.StopReason.DURATION, report.stoppedBy(), report.summary());
            assertTrue(report.sent() > 0 && report.sent() < 10_000_000, report.summary());
            assertEquals(report.sent(), report.answered() + report.failed());
            assertEquals(report.sent() + 1, Files.readAllLines(truthPath).size(), "one truth row per request sent");
        }
    }

    @Test
    void shouldGiveThePopulationsBudgetsThatAddUpToTheRequestCount() {
        PopulationMix mix = PopulationMix.parse("human=1,scraper=1,headless=1");
        Cast cast = new Cast(3, mix, 1001, "http://127.0.0.1:1", 0.15);
        assertEquals(1001, cast.budget(Population.HUMAN) + cast.budget(Population.SCRAPER) + cast.budget(Population.HEADLESS));
        assertEquals(0, cast.budget(Population.VERIFIED_BOT));
        long planned = 0;
        for (Population p : Population.values()) {
            while (cast.hasNext(p)) {
                planned += cast.next(p).length();
            }
        }
        assertEquals(1001, planned);
    }

    @Test
    void shouldNameTheWrongItemOfAMix() {
        assertEquals("\"robot=1\": unknown population; known: human, verified_bot, scraper, credential_stuffer, headless, "
                        + "asset_stuffer, browser_automation, ip_rotator, ua_rotator, fast_scraper, slow_scraper, cached_assets, "
                        + "single_page, in_app, console_tv, old_browser, returning, middlebox",
                assertThrows(IllegalArgumentException.class, () -> PopulationMix.parse("human=1,robot=1")).getMessage());
        assertEquals("\"human=x\": the share is not a number",
                assertThrows(IllegalArgumentException.class, () -> PopulationMix.parse("human=x")).getMessage());
        assertEquals("\"human=2\": human is given twice",
                assertThrows(IllegalArgumentException.class, () -> PopulationMix.parse("human=1, human=2")).getMessage());
        assertThrows(IllegalArgumentException.class, () -> PopulationMix.parse("human=0"));
        assertEquals(0.25, PopulationMix.parse("human=1,scraper=3").share(Population.HUMAN), 1e-12);
    }
}
