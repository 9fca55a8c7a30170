package dev.bliss.proxy.testing;

import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.InputStream;
import java.net.InetAddress;
import java.net.ServerSocket;
import java.net.Socket;
import java.nio.charset.StandardCharsets;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.function.IntFunction;

/**
 * An origin that answers each request head with bytes a test wrote by hand, for responses no
 * HTTP library would produce (a status of 2000, an interim 102, a 304 that claims a chunked body).
 * It reads request heads only (tests send bodiless requests), answers on the same connection in
 * turn, and counts the connections it accepted, so a test can tell whether the proxy reused one.
 */
public final class ScriptedOrigin implements AutoCloseable {

    private final ServerSocket server;
    private final IntFunction<String> script;
    private final AtomicInteger requests = new AtomicInteger();
    private final AtomicInteger connections = new AtomicInteger();
    private final Thread acceptor;

    /** @param script the response for request n (0, 1, ... over all connections), written verbatim */
    public ScriptedOrigin(IntFunction<String> script) throws IOException {
        this.script = script;
        this.server = new ServerSocket(0, 50, InetAddress.getLoopbackAddress());
        this.acceptor = Thread.ofVirtual().name("scripted-origin").start(this::accept);
    }

    public String url() {
        return "http://127.0.0.1:" + server.getLocalPort();
    }

    /** How many connections the proxy opened to this origin. */
    public int connections() {
        return connections.get();
    }

    private void accept() {
        while (!server.isClosed()) {
            try {
                Socket s = server.accept();
                connections.incrementAndGet();
                Thread.ofVirtual().start(() -> serve(s));
            } catch (IOException closed) {
                return;
            }
        }
    }

    private void serve(Socket s) {
        try (s) {
            InputStream in = s.getInputStream();
            while (readHead(in)) {
                s.getOutputStream().write(script.apply(requests.getAndIncrement()).getBytes(StandardCharsets.ISO_8859_1));
                s.getOutputStream().flush();
            }
        } catch (IOException gone) {
            // the proxy closed the connection: nothing more to answer
        }
    }

    /** Reads up to and including the blank line; false at the end of the stream. */
    private static boolean readHead(InputStream in) throws IOException {
        ByteArrayOutputStream head = new ByteArrayOutputStream();
        int matched = 0;
        int c;
        while ((c = in.read()) != -1) {
            head.write(c);
            matched = c == "\r\n\r\n".charAt(matched) ? matched + 1 : c == '\r' ? 1 : 0;
            if (matched == 4) {
                return true;
            }
        }
        return false;
    }

    @Override
    public void close() throws IOException {
        server.close();
        acceptor.interrupt();
    }
}
