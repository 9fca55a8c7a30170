package dev.bliss.bot.hex;

import org.junit.jupiter.api.Test;

import java.io.File;
import java.io.IOException;
import java.net.URISyntaxException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.List;
import java.util.concurrent.TimeUnit;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * In a JVM started without {@code --add-modules jdk.incubator.vector}, {@link HexDecoder} still
 * loads, says it uses the table decoder, and decodes correctly (a real child process, since the
 * test JVM has the module).
 */
class HexDecoderWithoutVectorModuleTest {

    @Test
    void shouldLoadAndDecodeWithTheTableWhenTheModuleIsAbsent() throws IOException, InterruptedException {
        String javaCommand = Path.of(System.getProperty("java.home"), "bin", "java").toString();
        String classpath = location(HexDecoder.class) + File.pathSeparator + location(ScalarFallbackProbe.class);
        Process child = new ProcessBuilder(List.of(javaCommand, "-cp", classpath, ScalarFallbackProbe.class.getName()))
                .redirectErrorStream(true)
                .start();
        String output = new String(child.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
        assertTrue(child.waitFor(60, TimeUnit.SECONDS), output);
        assertEquals(0, child.exitValue(), output);
        assertTrue(output.startsWith("false table (jdk.incubator.vector is not in the boot layer"), output);
        assertTrue(output.strip().endsWith("ok"), output);
    }

    private static String location(Class<?> type) {
        try {
            return Path.of(type.getProtectionDomain().getCodeSource().getLocation().toURI()).toString();
        } catch (URISyntaxException e) {
            throw new IllegalStateException(e);
        }
    }
}
