package dev.bliss.proxy.metrics;

import io.prometheus.metrics.core.metrics.Info;
import io.prometheus.metrics.model.registry.PrometheusRegistry;
import java.io.IOException;
import java.io.InputStream;
import java.util.Properties;

/**
 * {@code bliss_build_info{version,commit,java} 1}: which build is running, as Prometheus's own
 * {@code prometheus_build_info} says it, so a dashboard can join it to any other series.
 *
 * <p>Registered with the Prometheus client underneath Micrometer as an info metric: Micrometer
 * would strip the {@code _info} suffix from a gauge's name.
 *
 * <p>The version and the commit come from {@code build.properties}, written by Maven's resource
 * filtering (the commit read from the checkout the build ran in); the system property
 * {@code bliss.commit} overrides the commit (a packager building from a tarball knows it), and
 * what neither says is {@code unknown}.
 */
final class BuildInfo {

    static final String VERSION;
    static final String COMMIT;

    static {
        Properties p = new Properties();
        try (InputStream in = BuildInfo.class.getResourceAsStream("/dev/bliss/proxy/build.properties")) {
            if (in != null) {
                p.load(in);
            }
        } catch (IOException e) {
            // an unreadable resource in our own jar: report the version as unknown rather than fail
        }
        VERSION = filtered(p.getProperty("version"));
        COMMIT = System.getProperty("bliss.commit", filtered(p.getProperty("commit")));
    }

    /** A filtered value, or {@code unknown} when the build had none for it (left as {@code ${...}}). */
    private static String filtered(String value) {
        return value == null || value.isBlank() || value.startsWith("${") ? "unknown" : value;
    }

    private BuildInfo() {
    }

    static void register(PrometheusRegistry registry) {
        Info.builder().name("bliss_build_info")
                .help("The running build: version, commit and Java runtime; always 1")
                .labelNames("version", "commit", "java")
                .register(registry)
                .setLabelValues(VERSION, COMMIT, Runtime.version().toString());
    }
}
