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
        Process p = launch("run", yaml, "logs");
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

    /**
     * Started under {@code nohup}, SIGHUP is ignored in the process and the JVM installs no
     * handler for it: bliss says so and names the admin's reload, which still works (as the rest
     * of the process does).
     */
    @Test
    void shouldSayThatSighupCannotReloadUnderNohupAndReloadThroughTheAdmin() throws Exception {
        Path etc = copyOfShippedConfig("etc-nohup");
        Path yaml = etc.resolve("bliss.yaml");
        Files.writeString(yaml, Files.readString(yaml)
                .replace("    port: 8080", "    port: 0")
                .replace("  port: 9901", "  port: 0")
                .replace("  embedded: true ", "  embedded: false"));
        Process p = launch(List.of("/usr/bin/nohup"), "run", yaml, "nohup-logs");
        Output out = new Output(p);
        try {
            int admin = Integer.parseInt(out.await(Pattern.compile("bliss admin on http://127\\.0\\.0\\.1:(\\d+)/")));
            out.await(Pattern.compile("(SIGHUP is ignored in this process .* POST /reload on the admin port)"));
            try (HttpClient client = HttpClient.newHttpClient()) {
                assertEquals(200, client.send(HttpRequest.newBuilder(URI.create("http://127.0.0.1:" + admin + "/reload"))
                        .POST(HttpRequest.BodyPublishers.noBody()).build(), HttpResponse.BodyHandlers.ofString()).statusCode());
            }
            out.await(Pattern.compile("(reloaded: )"));
            p.destroy(); // SIGTERM: nohup leaves it alone
            assertTrue(p.waitFor(60, TimeUnit.SECONDS), "exited after SIGTERM\n" + out);
        } finally {
            p.destroyForcibly();
        }
    }

    /**
     * The signals an operator sends, to the real process: SIGUSR1 after logrotate moved the access
     * log opens a new one; SIGHUP after trusting the local proxy changes X-Forwarded-For; SIGTERM drains and a
     * second SIGTERM during the drain (a request still uploading holds it) exits at once. The
     * access log's path comes from ${BLISS_LOG_DIR:-...} in the shipped bliss.yaml.
     */
    @Test
    void shouldAnswerSighupSigusr1AndASecondSigterm() throws Exception {
        Path etc = copyOfShippedConfig("etc-signals");
        Path yaml = etc.resolve("bliss.yaml");
        Files.writeString(yaml, Files.readString(yaml)
                .replace("    port: 8080", "    port: 0")
                .replace("  port: 9901", "  port: 0")
                .replace("  embedded: true ", "  embedded: false")
                .replace("  shutdown: 30s", "  shutdown: 300s")
                .replace("access_log:\n  enabled: false", "access_log:\n  enabled: true"));
        Path logs = dir.resolve("signal-logs");
        Path accessLog = logs.resolve("access.log");
        Process p = launch("run", yaml, "signal-logs");
        Output out = new Output(p);
        try {
            int port = Integer.parseInt(out.await(Pattern.compile("listening on http://127\\.0\\.0\\.1:(\\d+)/")));
            assertEquals(200, get(port, "/first"));
            awaitLine(accessLog, "\"uri\":\"/first\"");

            Files.move(accessLog, logs.resolve("access.log.1")); // logrotate, then its postrotate:
            signal(p, "USR1");
            out.await(Pattern.compile("(access log reopened)"));
            assertEquals(200, get(port, "/second"));
            awaitLine(accessLog, "\"uri\":\"/second\"");
            assertFalse(Files.readString(logs.resolve("access.log.1")).contains("/second"));

            // an upload that stays in flight: sent now, so the proxy has long taken its head when SIGTERM comes
            try (java.net.Socket upload = new java.net.Socket("127.0.0.1", port)) {
                upload.getOutputStream().write("POST /upload HTTP/1.1\r\nHost: x\r\nContent-Length: 100000\r\n\r\nsome of it"
                        .getBytes(StandardCharsets.US_ASCII));
                upload.getOutputStream().flush();

                // the rules file is watched; trusted_proxies are what only a reload changes
                String forwardedBefore = get(port, "/whoami", "198.51.100.9");
                assertTrue(forwardedBefore.contains("\"x-forwarded-for\" : \"127.0.0.1\""), forwardedBefore);
                Files.writeString(yaml, Files.readString(yaml).replace("trusted_proxies: []", "trusted_proxies: [127.0.0.1/32]"));
                if (out.toString().contains("SIGHUP is ignored in this process")) {
                    // this test's JVM was started with SIGHUP ignored (nohup), and the child inherits it:
                    // bliss said so, and the admin's reload is the way it names
                    int admin = Integer.parseInt(out.await(Pattern.compile("admin on http://127\\.0\\.0\\.1:(\\d+)/")));
                    try (HttpClient client = HttpClient.newHttpClient()) {
                        assertEquals(200, client.send(HttpRequest.newBuilder(URI.create("http://127.0.0.1:" + admin + "/reload"))
                                .POST(HttpRequest.BodyPublishers.noBody()).build(), HttpResponse.BodyHandlers.ofString()).statusCode());
                    }
                } else {
                    signal(p, "HUP");
                }
                out.await(Pattern.compile("(reloaded: .*1 trusted proxies)"));
                String forwardedAfter = get(port, "/whoami", "198.51.100.9");
                assertTrue(forwardedAfter.contains("\"x-forwarded-for\" : \"198.51.100.9, 127.0.0.1\""), forwardedAfter);
                assertTrue(p.isAlive(), "SIGHUP reloads; it does not stop bliss");

                signal(p, "TERM");
                out.await(Pattern.compile("(shutting down, finishing in-flight requests)"));
                assertTrue(p.isAlive(), "the first SIGTERM drains: the upload is still in flight");
                signal(p, "TERM");
                assertTrue(p.waitFor(60, TimeUnit.SECONDS), "a second SIGTERM during the drain exits at once\n" + out);
            }
            assertEquals(128 + 15, p.exitValue(), out.toString());
        } finally {
            p.destroyForcibly();
        }
    }

    /**
     * The main job as shipped: bliss run with the feature service embedded. Its status (the
     * snapshot it published, its windows, the events it read) is a section of the proxy's /stats,
     * which the dashboard lists.
     */
    @Test
    void shouldShowTheEmbeddedFeatureServiceOnTheProxysStats() throws Exception {
        Path etc = copyOfShippedConfig("etc-embedded");
        Path store = Files.createDirectories(dir.resolve("embedded-store"));
        Path yaml = etc.resolve("bliss.yaml");
        Files.writeString(yaml, Files.readString(yaml)
                .replace("    port: 8080", "    port: 0")
                .replace("  port: 9901", "  port: 0")
                .replace("    port: 9902", "    port: 0")
                .replace("      # store: /dev/shm/bliss/features   # the feature store's path prefix (this is the default)",
                        "      store: " + store.resolve("features"))
                .replace("  # store: /dev/shm/bliss/features      # the store's path prefix (default): must equal the plugin's store",
                        "  store: " + store.resolve("features")));
        Process p = launch("run", yaml, "embedded-logs");
        Output out = new Output(p);
        try {
            int port = Integer.parseInt(out.await(Pattern.compile("listening on http://127\\.0\\.0\\.1:(\\d+)/")));
            int admin = Integer.parseInt(out.await(Pattern.compile("bliss admin on http://127\\.0\\.0\\.1:(\\d+)/")));
            assertEquals(200, get(port, "/hello"));
            io.vertx.core.json.JsonObject service = null;
            for (int i = 0; i < 300 && (service == null || !service.containsKey("snapshot")); i++) {
                try (HttpClient client = HttpClient.newHttpClient()) {
                    String body = client.send(HttpRequest.newBuilder(URI.create("http://127.0.0.1:" + admin + "/stats")).build(),
                            HttpResponse.BodyHandlers.ofString()).body();
                    service = new io.vertx.core.json.JsonObject(body).getJsonObject("sections").getJsonObject("feature_service");
                }
                TimeUnit.MILLISECONDS.sleep(100); // the service publishes every second
            }
            assertTrue(service != null && service.getBoolean("healthy"), out + "\n" + service);
            assertTrue(service.getJsonObject("snapshot").getLong("sequence") >= 0, service.encode());
            assertTrue(service.getJsonArray("dimensions").size() > 0, service.encode());
            p.destroy();
            assertTrue(p.waitFor(60, TimeUnit.SECONDS), "exited after SIGTERM");
        } finally {
            p.destroyForcibly();
        }
    }

    /**
     * The feature service as its own process beside bliss run ({@code embedded: false}): two
     * child processes of the shipped launcher on one store. The proxy's /stats shows the other
     * process's GET /status, read over its admin port, and says it is unreachable once it stops.
     */
    @Test
    void shouldShowASeparateFeatureServiceOnTheProxysStats() throws Exception {
        Path etc = copyOfShippedConfig("etc-separate");
        Path store = Files.createDirectories(dir.resolve("separate-store"));
        int serviceAdmin;
        try (java.net.ServerSocket free = new java.net.ServerSocket(0, 1, java.net.InetAddress.getLoopbackAddress())) {
            serviceAdmin = free.getLocalPort(); // the proxy reads the port from the file: it cannot be 0
        }
        Path yaml = etc.resolve("bliss.yaml");
        Files.writeString(yaml, Files.readString(yaml)
                .replace("  embedded: true ", "  embedded: false")
                .replace("    port: 8080", "    port: 0")
                .replace("  port: 9901", "  port: 0")
                .replace("    port: 9902", "    port: " + serviceAdmin)
                .replace("      # store: /dev/shm/bliss/features   # the feature store's path prefix (this is the default)",
                        "      store: " + store.resolve("features"))
                .replace("  # store: /dev/shm/bliss/features      # the store's path prefix (default): must equal the plugin's store",
                        "  store: " + store.resolve("features")));
        Process service = launch("feature-service", yaml, "separate-service-logs");
        Output serviceOut = new Output(service);
        Process proxy = null;
        try {
            serviceOut.await(Pattern.compile("admin on (http://127\\.0\\.0\\.1:\\d+/)"));
            proxy = launch("run", yaml, "separate-proxy-logs");
            Output out = new Output(proxy);
            int admin = Integer.parseInt(out.await(Pattern.compile("bliss admin on http://127\\.0\\.0\\.1:(\\d+)/")));
            io.vertx.core.json.JsonObject shown = featureServiceSectionWhen(admin, s -> s.containsKey("snapshot"));
            assertEquals("http://127.0.0.1:" + serviceAdmin + "/status", shown.getString("source"), shown.encode());
            assertTrue(shown.getBoolean("healthy"), shown.encode());
            assertTrue(shown.getJsonObject("snapshot").getLong("sequence") >= 0, shown.encode());
            assertTrue(shown.getJsonArray("dimensions").size() > 0, shown.encode());

            service.destroy();
            assertTrue(service.waitFor(60, TimeUnit.SECONDS), "the feature service exited after SIGTERM");
            shown = featureServiceSectionWhen(admin, s -> s.containsKey("unreachable"));
            assertTrue(shown.getString("unreachable").toLowerCase(java.util.Locale.ROOT).contains("connection refused"), shown.encode());
            proxy.destroy();
            assertTrue(proxy.waitFor(60, TimeUnit.SECONDS), "the proxy exited after SIGTERM");
        } finally {
            service.destroyForcibly();
            if (proxy != null) {
                proxy.destroyForcibly();
            }
        }
    }

    private static Process launch(String command, Path yaml, String logs) throws IOException {
        return launch(List.of(), command, yaml, logs);
    }

    /**
     * {@code bin/bliss <command> --config <yaml>}, run by {@code wrapper} first when there is one
     * (e.g. nohup), with no JDK on the PATH and the logs in {@code logs} under the test directory.
     */
    private static Process launch(List<String> wrapper, String command, Path yaml, String logs) throws IOException {
        List<String> line = new java.util.ArrayList<>(wrapper);
        line.addAll(List.of(home.resolve("bin/bliss").toString(), command, "--config", yaml.toString()));
        ProcessBuilder pb = new ProcessBuilder(line).directory(dir.toFile()).redirectErrorStream(true);
        pb.environment().clear();
        pb.environment().put("PATH", tools.toString());
        pb.environment().put("BLISS_LOG_DIR", dir.resolve(logs).toString());
        return pb.start();
    }

    /** /stats' feature_service section once {@code until} holds; 30 s at most. */
    private static io.vertx.core.json.JsonObject featureServiceSectionWhen(int admin,
            java.util.function.Predicate<io.vertx.core.json.JsonObject> until) throws Exception {
        io.vertx.core.json.JsonObject section = null;
        for (int i = 0; i < 300; i++) {
            try (HttpClient client = HttpClient.newHttpClient()) {
                String body = client.send(HttpRequest.newBuilder(URI.create("http://127.0.0.1:" + admin + "/stats")).build(),
                        HttpResponse.BodyHandlers.ofString()).body();
                section = new io.vertx.core.json.JsonObject(body).getJsonObject("sections").getJsonObject("feature_service");
            }
            if (section != null && until.test(section)) {
                return section;
            }
            TimeUnit.MILLISECONDS.sleep(100);
        }
        throw new AssertionError("not within 30 s: " + section);
    }

    private static int get(int port, String path) throws Exception {
        try (HttpClient client = HttpClient.newHttpClient()) {
            return client.send(HttpRequest.newBuilder(URI.create("http://127.0.0.1:" + port + path)).build(),
                    HttpResponse.BodyHandlers.discarding()).statusCode();
        }
    }

    /** The demo origin's echo of a request that says it was forwarded for {@code forwardedFor}. */
    private static String get(int port, String path, String forwardedFor) throws Exception {
        try (HttpClient client = HttpClient.newHttpClient()) {
            HttpResponse<String> r = client.send(HttpRequest.newBuilder(URI.create("http://127.0.0.1:" + port + path))
                    .header("X-Forwarded-For", forwardedFor).build(), HttpResponse.BodyHandlers.ofString());
            assertEquals(200, r.statusCode(), r.body());
            return r.body();
        }
    }

    private static void signal(Process p, String name) throws Exception {
        assertEquals(0, run(List.of("kill", "-" + name, Long.toString(p.pid())), dir, Map.of("PATH", System.getenv("PATH")), 30).exit);
    }

    /** Waits (bounded: 30 s) until a line of {@code file} contains {@code text}. */
    private static void awaitLine(Path file, String text) throws Exception {
        for (int i = 0; i < 300; i++) {
            if (Files.exists(file) && Files.readString(file).contains(text)) {
                return;
            }
            TimeUnit.MILLISECONDS.sleep(100);
        }
        throw new AssertionError(file + " has no line with " + text + (Files.exists(file) ? ":\n" + Files.readString(file) : " (no file)"));
    }

    /** A child's merged output, read by a thread of its own, so a test can wait for a line. */
    private static final class Output {

        private final StringBuffer seen = new StringBuffer();
        private final Process process;

        Output(Process p) {
            this.process = p;
            Thread.ofPlatform().daemon().start(() -> {
                try (var in = new java.io.BufferedReader(new java.io.InputStreamReader(p.getInputStream(), StandardCharsets.UTF_8))) {
                    for (String line; (line = in.readLine()) != null; ) {
                        seen.append(line).append('\n');
                    }
                } catch (IOException e) {
                    seen.append("(output: ").append(e).append(")\n");
                }
            });
        }

        /** Group 1 of the first match of {@code pattern}, waiting for it up to 60 s. */
        String await(Pattern pattern) throws InterruptedException {
            for (int i = 0; i < 600; i++) {
                Matcher m = pattern.matcher(seen);
                if (m.find()) {
                    return m.group(1);
                }
                TimeUnit.MILLISECONDS.sleep(100);
            }
            throw new AssertionError("no output matching " + pattern + " in:\n" + withThreadDump());
        }

        /**
         * The output after asking a live process for a thread dump (SIGQUIT: the JVM prints one
         * to its standard output and carries on), so a wait that timed out says where it hangs.
         * Waits at most 5 s for the dump to start and until the output has stood still 500 ms.
         */
        private String withThreadDump() throws InterruptedException {
            if (!process.isAlive()) {
                return seen + "(the process has exited: " + process.exitValue() + ")";
            }
            try {
                new ProcessBuilder("kill", "-QUIT", Long.toString(process.pid())).start().waitFor(10, TimeUnit.SECONDS);
            } catch (IOException e) {
                return seen + "(no thread dump: " + e + ")";
            }
            long started = System.nanoTime() + TimeUnit.SECONDS.toNanos(5);
            while (seen.indexOf("Full thread dump") < 0 && System.nanoTime() - started < 0) {
                TimeUnit.MILLISECONDS.sleep(100);
            }
            long stillBy = System.nanoTime() + TimeUnit.SECONDS.toNanos(10);
            int length;
            do {
                length = seen.length();
                TimeUnit.MILLISECONDS.sleep(500);
            } while (seen.length() != length && System.nanoTime() - stillBy < 0);
            return seen.toString();
        }

        @Override
        public String toString() {
            return seen.toString();
        }
    }

    private static Path copyOfShippedConfig(String name) throws IOException {
        Path etc = Files.createDirectories(dir.resolve(name));
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
        return etc;
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
