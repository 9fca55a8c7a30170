package dev.bliss.proxy.tls;

import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.net.InetAddress;
import java.net.ServerSocket;
import java.net.Socket;
import java.util.List;
import java.util.concurrent.CopyOnWriteArrayList;

/**
 * A TCP relay on loopback between a test client and the proxy that keeps the first bytes each
 * client connection sent, so a test can compare the proxy's fingerprint with the one of exactly
 * what the client put on the wire.
 */
final class RecordingRelay implements AutoCloseable {

    private static final int KEEP = 32 * 1024;

    private final ServerSocket server;
    private final int target;
    private final List<ByteArrayOutputStream> firstBytes = new CopyOnWriteArrayList<>();
    private final List<Socket> sockets = new CopyOnWriteArrayList<>();

    RecordingRelay(int target) throws IOException {
        this.target = target;
        this.server = new ServerSocket(0, 50, InetAddress.getLoopbackAddress());
        Thread.ofPlatform().daemon().name("relay-accept").start(this::accept);
    }

    int port() {
        return server.getLocalPort();
    }

    /** How many client connections came through. */
    int connections() {
        return firstBytes.size();
    }

    /** What connection {@code i} sent first (up to 32 KiB). */
    byte[] firstBytes(int i) {
        return firstBytes.get(i).toByteArray();
    }

    private void accept() {
        while (!server.isClosed()) {
            try {
                Socket client = server.accept();
                Socket upstream = new Socket(InetAddress.getLoopbackAddress(), target);
                sockets.add(client);
                sockets.add(upstream);
                ByteArrayOutputStream record = new ByteArrayOutputStream();
                firstBytes.add(record);
                Thread.ofPlatform().daemon().start(() -> pump(client, upstream, record));
                Thread.ofPlatform().daemon().start(() -> pump(upstream, client, null));
            } catch (IOException e) {
                return;
            }
        }
    }

    private static void pump(Socket from, Socket to, ByteArrayOutputStream record) {
        byte[] buf = new byte[16 * 1024];
        try (InputStream in = from.getInputStream(); OutputStream out = to.getOutputStream()) {
            int n;
            while ((n = in.read(buf)) > 0) {
                if (record != null) {
                    synchronized (record) {
                        record.write(buf, 0, Math.min(n, Math.max(0, KEEP - record.size())));
                    }
                }
                out.write(buf, 0, n);
                out.flush();
            }
        } catch (IOException e) {
            // one side closed: the other pump ends too when its socket closes
        } finally {
            try {
                to.close();
            } catch (IOException ignored) {
                // already closed
            }
        }
    }

    @Override
    public void close() throws IOException {
        server.close();
        for (Socket s : sockets) {
            s.close();
        }
    }
}
