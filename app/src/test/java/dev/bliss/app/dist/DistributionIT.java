package dev.bliss.app.dist;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import java.io.IOException;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Stream;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The distribution tarball the package phase made, unpacked into a temporary directory and run as
 * an operator would on a machine without a JDK: {@code bin/bliss} with a PATH that holds no
 * {@code java} and no JAVA_HOME, so only the runtime inside the tarball can run it.
 */
class DistributionIT {

    @TempDir
    static Path dir;

    static Path home;
    static Path tools;

    @BeforeAll
    static void unpack() throws Exception {
        Path tarball = Path.of(System.getProperty("bliss.distribution"));
        assertTrue(Files.isRegularFile(tarball), "the package phase made " + tarball);
        Path unpacked = Files.createDirectories(dir.resolve("opt"));
        Run tar = run(List.of("tar", "-xzf", tarball.toString(), "-C", unpacked.toString()), dir, Map.of("PATH", System.getenv("PATH")), 120);
        assertEquals(0, tar.exit, tar.err);
        try (Stream<Path> top = Files.list(unpacked)) {
            home = top.findFirst().orElseThrow();
        }
        // the few tools the launcher calls, and nothing else: no java on this PATH
        tools = Files.createDirectories(dir.resolve("tools"));
        for (String tool : List.of("bash", "dirname", "readlink")) {
            Files.createSymbolicLink(tools.resolve(tool), which(tool));
        }
    }

    @Test
    void shouldHoldTheLayoutTheReadmeDescribes() {
        for (String p : List.of("bin/bliss", "lib/bliss.jar", "lib/jvm.options", "config/bliss.yaml", "config/rules.yaml",
                "config/models/bot-v1.json", "runtime/bin/java", "systemd/bliss.service", "systemd/bliss-feature-service.service",
                "systemd/bliss-aggregate.service")) {
            assertTrue(Files.exists(home.resolve(p)), p);
        }
        assertTrue(Files.isExecutable(home.resolve("bin/bliss")));
        assertTrue(Files.isExecutable(home.resolve("runtime/bin/java")));
        assertFalse(Files.exists(tools.resolve("java")));
    }

    @Test
    void shouldPrintItsVersionWithoutAJdk() throws Exception {
        Run r = bliss(dir, "version");

        assertEquals(0, r.exit, r.err);
        assertTrue(r.out.startsWith("bliss 0.1.0"), r.out);
        assertTrue(r.out.contains("Java 25"), r.out);
    }

    @Test
    void shouldCheckTheShippedConfigurationWithoutAJdk() throws Exception {
        Run r = bliss(dir, "check-config");

        assertEquals(0, r.exit, r.err);
        assertTrue(r.out.contains(home.resolve("config/bliss.yaml") + ": valid"), r.out);
    }

    /**
     * A command that prints a result prints only that: no INFO line from a plugin loading its model.
     * The JVM's own "Using incubator modules" warning is the one line left on standard error.
     */
    @Test
    void shouldPrintOnlyTheResultOfRulesCheck() throws Exception {
        Run r = bliss(dir, "rules", "check", home.resolve("config/rules.yaml").toString());

        assertEquals(0, r.exit, r.err);
        assertEquals(1, r.out.lines().count(), r.out);
        assertTrue(r.out.contains("valid"), r.out);
        assertEquals(List.of("WARNING: Using incubator modules: jdk.incubator.vector"), r.err.lines().toList());
    }

    @Test
    void shouldServeThroughTheBuiltInDemoOriginAndStopOnSigterm() throws Exception {
        Path etc = Files.createDirectories(dir.resolve("etc"));
        try (Stream<Path> files = Files.walk(home.resolve("config"))) {
            for (Path f : files.toList()) {
                Path copy = etc.resolve(home.resolve("config").relativize(f).toString());
                if (Files.isDirectory(f)) {
                    Files.createDirectories(copy);
                } else {
                    Files.copy(f, copy);
                }
            }
        }
        Path yaml = etc.resolve("bliss.yaml");
        Files.writeString(yaml, Files.readString(yaml)
                .replace("    port: 8080", "    port: 0")
                .replace("  port: 9901", "  port: 0")
                .replace("  embedded: true ", "  embedded: false"));
        ProcessBuilder pb = new ProcessBuilder(home.resolve("bin/bliss").toString(), "run", "--config", yaml.toString())
                .directory(dir.toFile()).redirectErrorStream(true);
        pb.environment().clear();
        pb.environment().put("PATH", tools.toString());
        pb.environment().put("BLISS_LOG_DIR", dir.resolve("logs").toString());
        Process p = pb.start();
        try {
            Pattern listening = Pattern.compile("listening on http://127\\.0\\.0\\.1:(\\d+)/");
            StringBuilder seen = new StringBuilder();
            int port = -1;
            var in = new java.io.BufferedReader(new java.io.InputStreamReader(p.getInputStream(), StandardCharsets.UTF_8));
            for (String line; port < 0 && (line = in.readLine()) != null; ) {
                seen.append(line).append('\n');
                Matcher m = listening.matcher(line);
                if (m.find()) {
                    port = Integer.parseInt(m.group(1));
                }
            }
            assertTrue(port > 0, seen.toString());
            try (HttpClient client = HttpClient.newHttpClient()) {
                HttpResponse<String> res = client.send(HttpRequest.newBuilder(URI.create("http://127.0.0.1:" + port + "/hello")).build(),
                        HttpResponse.BodyHandlers.ofString());
                assertEquals(200, res.statusCode(), res.body());
                assertTrue(res.body().contains("/hello"), res.body());
            }
            p.destroy(); // SIGTERM: drain, then exit
            assertTrue(p.waitFor(60, TimeUnit.SECONDS), "exited after SIGTERM");
        } finally {
            p.destroyForcibly();
        }
    }

    /** jdeps over the shipped jars finds no JDK module that the runtime lacks. */
    @Test
    void shouldShipEveryModuleJdepsFinds() throws Exception {
        Path jdk = Path.of(System.getProperty("java.home"));
        List<String> jars = new ArrayList<>();
        try (Stream<Path> lib = Files.list(home.resolve("lib"))) {
            lib.filter(f -> f.toString().endsWith(".jar")).map(Path::toString).sorted().forEach(jars::add);
        }
        List<String> cmd = new ArrayList<>(List.of(jdk.resolve("bin/jdeps").toString(), "--ignore-missing-deps", "--multi-release", "25",
                "--print-module-deps", "--class-path", home.resolve("lib") + "/*"));
        cmd.addAll(jars);
        Run jdeps = run(cmd, dir, Map.of("PATH", System.getenv("PATH")), 300);
        assertEquals(0, jdeps.exit, jdeps.err);
        String found = jdeps.out.lines().filter(l -> !l.isBlank()).reduce((a, b) -> b).orElseThrow().trim();

        Run modules = run(List.of(home.resolve("runtime/bin/java").toString(), "--list-modules"), dir, Map.of(), 60);
        List<String> shipped = modules.out.lines().map(l -> l.replaceAll("@.*", "").trim()).toList();
        for (String module : found.split(",")) {
            assertTrue(shipped.contains(module), "jdeps finds " + module + " but the runtime lacks it: add it to app/src/dist/runtime-modules");
        }
    }

    /** The units with /opt/bliss pointing at the unpacked tree, so ExecStart names a real executable. */
    @Test
    void shouldPassSystemdAnalyzeVerify() throws Exception {
        Path analyze = Path.of("/usr/bin/systemd-analyze");
        assumeTrue(Files.isExecutable(analyze), "systemd-analyze is not installed (Debian: apt-get install systemd): units not verified");
        Path units = Files.createDirectories(dir.resolve("units"));
        List<String> cmd = new ArrayList<>(List.of(analyze.toString(), "verify"));
        try (Stream<Path> files = Files.list(home.resolve("systemd"))) {
            for (Path unit : files.sorted().toList()) {
                Path copy = units.resolve(unit.getFileName());
                Files.writeString(copy, Files.readString(unit).replace("/opt/bliss", home.toString()));
                cmd.add(copy.toString());
            }
        }
        Run r = run(cmd, dir, Map.of("PATH", System.getenv("PATH")), 120);

        assertEquals(0, r.exit, r.out + r.err);
        assertEquals("", r.err.strip(), "no warnings");
    }

    private static Run bliss(Path cwd, String... args) throws Exception {
        List<String> cmd = new ArrayList<>();
        cmd.add(home.resolve("bin/bliss").toString());
        cmd.addAll(Arrays.asList(args));
        return run(cmd, cwd, Map.of("PATH", tools.toString()), 120);
    }

    private static Path which(String tool) throws IOException {
        for (String d : System.getenv("PATH").split(":")) {
            Path p = Path.of(d, tool);
            if (Files.isExecutable(p)) {
                return p.toRealPath();
            }
        }
        throw new IOException(tool + " is not on the PATH");
    }

    private record Run(int exit, String out, String err) {
    }

    private static Run run(List<String> cmd, Path cwd, Map<String, String> env, int timeoutSeconds) throws Exception {
        ProcessBuilder pb = new ProcessBuilder(cmd).directory(cwd.toFile());
        pb.environment().clear();
        pb.environment().putAll(env);
        Path out = Files.createTempFile(dir, "out", ".txt");
        Path err = Files.createTempFile(dir, "err", ".txt");
        pb.redirectOutput(out.toFile()).redirectError(err.toFile());
        Process p = pb.start();
        if (!p.waitFor(timeoutSeconds, TimeUnit.SECONDS)) {
            p.destroyForcibly();
            throw new AssertionError(cmd + " did not finish in " + timeoutSeconds + " s");
        }
        return new Run(p.exitValue(), Files.readString(out), Files.readString(err));
    }
}
