package dev.bliss.proxy.internal;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.bliss.proxy.testing.ProxyMain;
import dev.bliss.proxy.testing.RawHttp;
import dev.bliss.proxy.testing.TestOrigin;
import java.io.BufferedReader;
import java.io.InputStreamReader;
import java.io.OutputStream;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;

/**
 * A 1 GiB upload passes through a proxy whose whole heap is 64 MiB: the body is streamed with
 * back-pressure, never buffered. The proxy runs in a child JVM so its heap can be capped.
 */
class StreamingUploadTest {

    private static final long ONE_GIB = 1L << 30;

    @Test
    void shouldStreamAOneGibibyteUploadThroughA64MibHeap() throws Exception {
        try (TestOrigin origin = new TestOrigin()) {
            List<String> command = new ArrayList<>();
            command.add(ProcessHandle.current().info().command().orElse("java"));
            command.addAll(List.of("-Xmx64m", "-XX:+ExitOnOutOfMemoryError",
                    "--add-modules", "jdk.incubator.vector", "--enable-native-access=ALL-UNNAMED",
                    "-cp", System.getProperty("java.class.path"), ProxyMain.class.getName(), origin.url()));
            Process proxy = new ProcessBuilder(command).redirectError(ProcessBuilder.Redirect.INHERIT).start();
            try {
                BufferedReader out = new BufferedReader(new InputStreamReader(proxy.getInputStream()));
                String line = out.readLine();
                assertTrue(line != null && line.startsWith("PORT "), "child proxy did not start: " + line);
                int port = Integer.parseInt(line.substring(5));

                try (RawHttp client = new RawHttp(port)) {
                    client.send("POST /upload HTTP/1.1\r\nHost: a\r\nContent-Length: " + ONE_GIB + "\r\n\r\n");
                    OutputStream body = client.out();
                    byte[] chunk = new byte[256 * 1024];
                    for (long sent = 0; sent < ONE_GIB; sent += chunk.length) {
                        body.write(chunk);
                    }
                    body.flush();
                    assertEquals(200, client.read().status());
                }
                assertEquals(ONE_GIB, origin.next().bodyBytes());
                assertTrue(proxy.isAlive(), "the proxy survived");
            } finally {
                proxy.getOutputStream().close();
                proxy.destroy();
                proxy.waitFor();
            }
        }
    }
}
