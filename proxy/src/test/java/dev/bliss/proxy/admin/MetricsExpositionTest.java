package dev.bliss.proxy.admin;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.bliss.proxy.ProxyServer;
import dev.bliss.proxy.testing.AdminHttp;
import dev.bliss.proxy.testing.Proxies;
import dev.bliss.proxy.testing.TestOrigin;
import java.io.ByteArrayOutputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.concurrent.TimeUnit;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * {@code /metrics} as Prometheus itself judges it: the exposition after traffic, a block and a
 * failed origin goes through {@code promtool check metrics} (Debian's prometheus package; CI
 * installs it), and every metric family it names is in the README's table.
 */
class MetricsExpositionTest {

    private static final Pattern FAMILY = Pattern.compile("^# TYPE (\\S+) (\\S+)$", Pattern.MULTILINE);

    @TempDir
    Path dir;

    private final TestOrigin origin = new TestOrigin();
    private ProxyServer proxy;
    private String metrics;

    @BeforeEach
    void start() throws Exception {
        Files.writeString(dir.resolve("rules.yaml"), """
                rules:
                  - {id: block-low, expression: 'bot.score lt 10', action: block}
                """);
        proxy = ProxyServer.start(Proxies.options(Proxies.singleOrigin(origin.url(), """
                rules: rules.yaml
                plugins:
                  - {name: score, type: test-score}
                """), dir));
        ScoredTraffic traffic = new ScoredTraffic(proxy.port(0));
        traffic.send(5, 80, "machine_learning", "Mozilla/5.0", null, 0);
        traffic.send(2, 1, "heuristics", "curl/8", null, 0);
        traffic.send(3, 0, "not_computed", "Mozilla/5.0", null, 0);
        metrics = AdminHttp.get(proxy.adminPort(), "/metrics").body();
    }

    @AfterEach
    void stop() {
        proxy.close();
        origin.close();
    }

    /** What git says the checkout the build ran in is at; "unknown" outside one (a source tarball). */
    private static String checkedOutCommit() {
        try {
            Process git = new ProcessBuilder("git", "rev-parse", "--short=12", "HEAD").redirectErrorStream(true).start();
            String out = new String(git.getInputStream().readAllBytes(), StandardCharsets.UTF_8).strip();
            return git.waitFor(30, TimeUnit.SECONDS) && git.exitValue() == 0 ? out : "unknown";
        } catch (java.io.IOException | InterruptedException e) {
            return "unknown"; // no git here
        }
    }

    @Test
    void shouldPassPromtoolCheckMetrics() throws Exception {
        Process p = new ProcessBuilder("promtool", "check", "metrics").redirectErrorStream(true).start();
        p.getOutputStream().write(metrics.getBytes(StandardCharsets.UTF_8));
        p.getOutputStream().close();
        ByteArrayOutputStream out = new ByteArrayOutputStream();
        p.getInputStream().transferTo(out);
        assertTrue(p.waitFor(60, TimeUnit.SECONDS), "promtool finished");
        String report = out.toString(StandardCharsets.UTF_8);
        assertEquals(0, p.exitValue(), "promtool check metrics:\n" + report);
        assertEquals("", report.strip(), "no lint findings");
    }

    @Test
    void shouldExposeTheOperatorsMetricsUnderTheirDocumentedNames() {
        assertTrue(metrics.contains("bliss_build_info{commit=\"" + checkedOutCommit() + "\",java=\"" + Runtime.version()
                + "\",version=\""), metrics);
        assertTrue(metrics.contains("bliss_rules_reloads_total{outcome=\"success\"} 0.0"), metrics);
        assertTrue(metrics.contains("bliss_rules_reloads_total{outcome=\"failure\"} 0.0"), metrics);
        assertTrue(metrics.contains("# TYPE bliss_rules_reload_last_success_timestamp_seconds gauge"), metrics);
        assertTrue(metrics.contains("bliss_rule_matched_total{action=\"block\",rule=\"block-low\"} 2.0"), metrics);
        assertTrue(metrics.contains("# TYPE bliss_bot_score histogram"), metrics);
        assertTrue(metrics.contains("bliss_bot_score_bucket{source=\"heuristics\",le=\"1.0\"} 2"), metrics);
        assertTrue(metrics.contains("bliss_bot_score_bucket{source=\"machine_learning\",le=\"70.0\"} 0"), metrics);
        assertTrue(metrics.contains("bliss_bot_score_bucket{source=\"machine_learning\",le=\"80.0\"} 5"), metrics);
        assertTrue(metrics.contains("bliss_bot_score_sum{source=\"machine_learning\"} 400.0"), metrics);
        assertTrue(metrics.contains("bliss_bot_score_count{source=\"not_computed\"} 0"), "unscored: no observation");
        assertTrue(metrics.contains("bliss_bot_scored_total{source=\"machine_learning\"} 5.0"), metrics);
        assertTrue(metrics.contains("bliss_bot_scored_total{source=\"heuristics\"} 2.0"), metrics);
        assertTrue(metrics.contains("bliss_bot_scored_total{source=\"not_computed\"} 3.0"), metrics);
        for (String jvm : new String[] {"jvm_memory_used_bytes", "jvm_gc_live_data_size_bytes", "jvm_threads_live_threads",
                "process_cpu_usage", "process_files_open_files", "process_uptime_seconds"}) {
            assertTrue(metrics.contains("# TYPE " + jvm + " "), jvm);
        }
    }

    @Test
    void shouldDocumentEveryProxyMetricFamilyInTheReadme() throws Exception {
        String readme = Files.readString(Path.of("..", "README.md"));
        Matcher m = FAMILY.matcher(metrics);
        int checked = 0;
        while (m.find()) {
            String family = m.group(1);
            if (family.startsWith("bliss_") && !family.startsWith("bliss_plugin_")) {
                assertTrue(readme.contains("`" + family + "`") || readme.contains("`" + family + "{"), "README.md's metric table lacks " + family);
                checked++;
            }
        }
        assertTrue(checked >= 10, "families checked: " + checked);
    }
}
