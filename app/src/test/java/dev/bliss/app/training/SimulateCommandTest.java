package dev.bliss.app.training;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.bliss.app.CommandRun;
import java.net.ServerSocket;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** {@code bliss simulate} from the command line: a run against the lab site, and bad input. */
class SimulateCommandTest {

    @TempDir
    Path dir;

    @Test
    void shouldRunAgainstTheLabSiteAndWriteTheTruth() throws Exception {
        int port = freePort();
        Path truth = dir.resolve("out").resolve("truth.csv");
        CommandRun run = CommandRun.bliss("simulate", "--site", "127.0.0.1:" + port, "--target", "http://127.0.0.1:" + port,
                "--seed", "4", "--requests", "400", "--duration", "60s", "--time-scale", "100000", "--truth", truth.toString());
        assertEquals(0, run.exit(), run.err());
        assertTrue(run.out().contains("sent 400 requests"), run.out());
        assertTrue(run.out().contains("truth: " + truth + " (400 rows)"), run.out());
        List<String> rows = Files.readAllLines(truth);
        assertEquals("request_id,population,label", rows.getFirst());
        assertEquals(401, rows.size());
        assertTrue(rows.get(1).matches("s4-\\d{9},(human,0|verified_bot,1|scraper,1|credential_stuffer,1|headless,1)"), rows.get(1));
    }

    @Test
    void shouldFailWithExitCode1WhenNothingAnswers() throws Exception {
        CommandRun run = CommandRun.bliss("simulate", "--target", "http://127.0.0.1:" + freePort(), "--requests", "300",
                "--duration", "30s", "--truth", dir.resolve("t.csv").toString());
        assertEquals(1, run.exit(), run.out() + run.err());
        assertTrue(run.err().contains("no responses from"), run.err());
    }

    @Test
    void shouldRefuseBadArgumentsNamingThem() {
        CommandRun mix = CommandRun.bliss("simulate", "--mix", "human=1,robot=1", "--truth", dir.resolve("t.csv").toString());
        assertEquals(2, mix.exit());
        assertTrue(mix.err().contains("--mix human=1,robot=1: \"robot=1\": unknown population"), mix.err());

        CommandRun duration = CommandRun.bliss("simulate", "--duration", "5x", "--truth", dir.resolve("t.csv").toString());
        assertEquals(2, duration.exit());
        assertTrue(duration.err().contains("'5x' is not a duration"), duration.err());

        CommandRun cleartext = CommandRun.bliss("simulate", "--cleartext-share", "1.5", "--truth", dir.resolve("t.csv").toString());
        assertEquals(2, cleartext.exit());
        assertTrue(cleartext.err().contains("--cleartext-share 1.5: a share in [0, 1]"), cleartext.err());

        CommandRun site = CommandRun.bliss("simulate", "--site", "nowhere", "--truth", dir.resolve("t.csv").toString());
        assertEquals(2, site.exit());
        assertTrue(site.err().contains("--site nowhere: expected HOST:PORT"), site.err());
    }

    private static int freePort() throws Exception {
        try (ServerSocket s = new ServerSocket(0)) {
            return s.getLocalPort();
        }
    }
}
