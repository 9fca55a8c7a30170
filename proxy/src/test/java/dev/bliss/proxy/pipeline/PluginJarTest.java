package dev.bliss.proxy.pipeline;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import dev.bliss.plugin.DetectorProvider;
import dev.bliss.proxy.ProxyServer;
import dev.bliss.proxy.testing.Proxies;
import dev.bliss.proxy.testing.RawHttp;
import dev.bliss.proxy.testing.TestOrigin;
import java.io.OutputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.jar.JarEntry;
import java.util.jar.JarOutputStream;
import java.util.stream.Stream;
import javax.tools.JavaCompiler;
import javax.tools.ToolProvider;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * A user's detector as users ship it: compiled against the plugin API alone, packed in a jar
 * with its ServiceLoader entry, dropped into the plugins directory. The proxy finds it, loads
 * it in its own class loader, configures it from bliss.yaml and runs it on real requests.
 */
class PluginJarTest {

    private static final String PROVIDER = """
            package com.example.jar;

            import dev.bliss.plugin.Detector;
            import dev.bliss.plugin.DetectorContext;
            import dev.bliss.plugin.DetectorFactory;
            import dev.bliss.plugin.DetectorProvider;
            import dev.bliss.plugin.OriginHeaders;
            import dev.bliss.plugin.RequestView;
            import dev.bliss.plugin.config.ConfigException;
            import dev.bliss.plugin.field.Fields;

            public final class StampProvider implements DetectorProvider {
                @Override
                public String type() {
                    return "jar-stamp";
                }

                @Override
                public DetectorFactory prepare(DetectorContext context) throws ConfigException {
                    String stamp = context.config().string("stamp", "none");
                    return () -> new Detector() {
                        @Override
                        public void inspect(RequestView request, Fields fields) {
                        }

                        @Override
                        public void forward(RequestView request, Fields fields, OriginHeaders origin) {
                            origin.set("x-stamp", stamp);
                        }
                    };
                }
            }
            """;

    @TempDir
    Path dir;

    private final TestOrigin origin = new TestOrigin();
    private ProxyServer proxy;

    @AfterEach
    void stop() {
        if (proxy != null) {
            proxy.close();
        }
        origin.close();
    }

    @Test
    void shouldLoadAConfiguredDetectorFromAJarInThePluginsDirectory() throws Exception {
        Path plugins = Files.createDirectories(dir.resolve("plugins"));
        buildPluginJar(plugins.resolve("stamp-detector.jar"));
        assertThrows(ClassNotFoundException.class, () -> Class.forName("com.example.jar.StampProvider"),
                "the detector must come from the jar, not from the test class path");

        proxy = Proxies.start(Proxies.singleOrigin(origin.url(), """
                plugins_directory: %s
                plugins:
                  - name: stamp
                    type: jar-stamp
                    config: {stamp: from-the-jar}
                """.formatted(plugins.toAbsolutePath())));
        try (RawHttp client = new RawHttp(proxy.port(0))) {
            assertEquals(200, client.exchange("GET / HTTP/1.1\r\nHost: a").status());
        }

        assertEquals("from-the-jar", origin.next().headers().get("x-stamp"));
    }

    /** Compiles {@link #PROVIDER} against the plugin API and packs it with its service entry. */
    private void buildPluginJar(Path jar) throws Exception {
        Path src = Files.createDirectories(dir.resolve("src/com/example/jar")).resolve("StampProvider.java");
        Files.writeString(src, PROVIDER);
        Path classes = Files.createDirectories(dir.resolve("classes"));
        Path api = Path.of(DetectorProvider.class.getProtectionDomain().getCodeSource().getLocation().toURI());
        JavaCompiler javac = ToolProvider.getSystemJavaCompiler();
        int exit = javac.run(null, null, System.err, "-classpath", api.toString(), "-d", classes.toString(), src.toString());
        assertEquals(0, exit, "the example detector compiles against the plugin API alone");

        try (OutputStream file = Files.newOutputStream(jar); JarOutputStream out = new JarOutputStream(file);
             Stream<Path> compiled = Files.walk(classes)) {
            for (Path c : compiled.filter(Files::isRegularFile).sorted().toList()) {
                out.putNextEntry(new JarEntry(classes.relativize(c).toString().replace('\\', '/')));
                out.write(Files.readAllBytes(c));
                out.closeEntry();
            }
            out.putNextEntry(new JarEntry("META-INF/services/" + DetectorProvider.class.getName()));
            out.write("com.example.jar.StampProvider\n".getBytes(StandardCharsets.UTF_8));
            out.closeEntry();
        }
    }
}
