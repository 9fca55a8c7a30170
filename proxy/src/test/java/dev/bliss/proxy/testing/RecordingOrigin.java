package dev.bliss.proxy.testing;

import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.net.InetAddress;
import java.net.ServerSocket;
import java.net.Socket;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.concurrent.BlockingQueue;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.LinkedBlockingQueue;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;

/**
 * An origin that records the exact bytes it receives: a plain {@link ServerSocket} on 127.0.0.1,
 * one thread per connection, and a parser of its own that is deliberately simple and strict
 * (CRLF lines, Content-Length or chunked framing, nothing repaired), so that a test can assert
 * what reached the origin byte for byte: nothing, or one well-framed request.
 *
 * <p>Each complete request is recorded as a {@link Request} (its raw bytes, head and decoded
 * body) and answered with {@link #respondWith}'s bytes (by default {@code 200 ok} with a
 * Content-Length). Bytes the origin cannot take as a complete request are recorded as a
 * {@link Cut} when the connection ends: a body the proxy broke off, or bytes that are no request
 * at all (the tail of a smuggled one). A connection's end is recorded either way, so a test can
 * see that a connection was closed rather than reused.
 *
 * <p>Thread-safe; the test thread reads what the connection threads record.
 */
public final class RecordingOrigin implements AutoCloseable {

    /** The default answer: 200 with a two-byte body. */
    public static final String OK = "HTTP/1.1 200 OK\r\nContent-Type: text/plain\r\nContent-Length: 2\r\n\r\nok";

    /** One request as the origin read it. */
    public record Request(int connection, byte[] raw, String head, byte[] body) {

        /** The request line, e.g. {@code GET /x HTTP/1.1}. */
        public String requestLine() {
            return head.substring(0, head.indexOf("\r\n"));
        }

        public String method() {
            return requestLine().split(" ")[0];
        }

        public String target() {
            return requestLine().split(" ")[1];
        }

        /** Every value of header {@code name} (any case), in order. */
        public List<String> headers(String name) {
            List<String> values = new ArrayList<>();
            for (String line : head.split("\r\n")) {
                int colon = line.indexOf(':');
                if (colon > 0 && line.substring(0, colon).equalsIgnoreCase(name)) {
                    values.add(line.substring(colon + 1).trim());
                }
            }
            return values;
        }

        /** The only value of header {@code name}, or null; fails if there are several. */
        public String header(String name) {
            List<String> values = headers(name);
            if (values.size() > 1) {
                throw new AssertionError("the origin got " + values.size() + " " + name + " headers: " + values);
            }
            return values.isEmpty() ? null : values.get(0);
        }

        /**
         * How many chunks a chunked body came in (the last, empty one not counted); 0 for a body
         * framed otherwise. What the proxy chose to frame, whatever TCP did to its segments.
         */
        public int chunks() {
            if (!"chunked".equalsIgnoreCase(header("transfer-encoding"))) {
                return 0;
            }
            String text = rawText();
            int count = 0;
            for (int at = head.length(); ; count++) {
                int lineEnd = text.indexOf("\r\n", at);
                String line = text.substring(at, lineEnd);
                int semicolon = line.indexOf(';');
                long size = Long.parseLong(semicolon < 0 ? line : line.substring(0, semicolon), 16);
                if (size == 0) {
                    return count;
                }
                at = lineEnd + 2 + (int) size + 2;
            }
        }

        public String bodyText() {
            return new String(body, StandardCharsets.ISO_8859_1);
        }

        public String rawText() {
            return new String(raw, StandardCharsets.ISO_8859_1);
        }
    }

    /** Bytes of a connection that did not make a complete request when it ended. */
    public record Cut(int connection, byte[] raw) {
        public String text() {
            return new String(raw, StandardCharsets.ISO_8859_1);
        }
    }

    private final ServerSocket server;
    private final Thread acceptor;
    private final AtomicInteger connections = new AtomicInteger();
    private final BlockingQueue<Request> requests = new LinkedBlockingQueue<>();
    private final BlockingQueue<Cut> cuts = new LinkedBlockingQueue<>();
    private final BlockingQueue<Integer> ended = new LinkedBlockingQueue<>();
    private final List<Socket> open = new CopyOnWriteArrayList<>();
    private final List<ConnectionReader> reading = new CopyOnWriteArrayList<>();
    private final Object progress = new Object();
    private volatile byte[] response = OK.getBytes(StandardCharsets.ISO_8859_1);

    public RecordingOrigin() throws IOException {
        server = new ServerSocket(0, 64, InetAddress.getLoopbackAddress());
        acceptor = new Thread(this::accept, "recording-origin-" + server.getLocalPort());
        acceptor.setDaemon(true);
        acceptor.start();
    }

    public int port() {
        return server.getLocalPort();
    }

    public String url() {
        return "http://127.0.0.1:" + port();
    }

    /** The bytes every complete request is answered with from now on. */
    public RecordingOrigin respondWith(String rawResponse) {
        this.response = rawResponse.getBytes(StandardCharsets.ISO_8859_1);
        return this;
    }

    /** Connections accepted so far. */
    public int connectionsAccepted() {
        return connections.get();
    }

    /** The next complete request, waiting up to 10 s. */
    public Request awaitRequest() throws InterruptedException {
        Request r = requests.poll(10, TimeUnit.SECONDS);
        if (r == null) {
            throw new AssertionError("the origin saw no complete request within 10 s (cuts: " + cutsText() + ")");
        }
        return r;
    }

    /** The next cut (bytes of an incomplete request at a connection's end), waiting up to 10 s. */
    public Cut awaitCut() throws InterruptedException {
        Cut c = cuts.poll(10, TimeUnit.SECONDS);
        if (c == null) {
            throw new AssertionError("no origin connection ended in the middle of a request within 10 s");
        }
        return c;
    }

    /** Waits up to 10 s for connection {@code id} (as in {@link Request#connection()}) to be closed by the proxy. */
    public void awaitEnded(int id) throws InterruptedException {
        long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(10);
        while (System.nanoTime() < deadline) {
            Integer e = ended.poll(100, TimeUnit.MILLISECONDS);
            if (e != null && e == id) {
                return;
            }
        }
        throw new AssertionError("origin connection " + id + " was not closed within 10 s");
    }

    /**
     * Waits up to 10 s until a connection's request in progress contains {@code text} (its head
     * is taken line by line; a body only once whole, or when the connection ends).
     */
    public void awaitReceiving(String text) throws InterruptedException {
        long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(10);
        synchronized (progress) {
            while (reading.stream().noneMatch(r -> r.pending.toString(StandardCharsets.ISO_8859_1).contains(text))) {
                long left = deadline - System.nanoTime();
                if (left <= 0) {
                    throw new AssertionError("no origin connection received \"" + text + "\" within 10 s");
                }
                progress.wait(Math.max(1, TimeUnit.NANOSECONDS.toMillis(left)));
            }
        }
    }

    /** Complete requests recorded and not yet taken. */
    public List<Request> pendingRequests() {
        return List.copyOf(requests);
    }

    /** Cuts recorded and not yet taken. */
    public List<Cut> pendingCuts() {
        return List.copyOf(cuts);
    }

    /** Forgets what was recorded and not taken (connections stay open). */
    public void clear() {
        requests.clear();
        cuts.clear();
        ended.clear();
    }

    private String cutsText() {
        StringBuilder b = new StringBuilder();
        for (Cut c : cuts) {
            b.append('[').append(c.text()).append(']');
        }
        return b.isEmpty() ? "none" : b.toString();
    }

    private void accept() {
        while (!server.isClosed()) {
            try {
                Socket s = server.accept();
                int id = connections.incrementAndGet();
                open.add(s);
                Thread t = new Thread(() -> serve(s, id), "recording-origin-conn-" + id);
                t.setDaemon(true);
                t.start();
            } catch (IOException closed) {
                return;
            }
        }
    }

    private void serve(Socket socket, int id) {
        ConnectionReader in = null;
        try (socket) {
            in = new ConnectionReader(socket.getInputStream(), progress);
            reading.add(in);
            OutputStream out = socket.getOutputStream();
            while (true) {
                Request r = in.readRequest(id);
                if (r == null) {
                    break;
                }
                requests.add(r);
                out.write(response);
                out.flush();
            }
        } catch (IOException | RuntimeException e) {
            // the proxy closed or reset the connection, or sent bytes that are no request: recorded below
        } finally {
            open.remove(socket);
            reading.remove(in);
            if (in != null && in.pending.size() > 0) {
                cuts.add(new Cut(id, in.pending.toByteArray()));
            }
            ended.add(id);
        }
    }

    /** Reads requests off one connection, keeping every byte of the one in progress. */
    private static final class ConnectionReader {

        private final InputStream in;
        private final Object progress;
        private final ByteArrayOutputStream pending = new ByteArrayOutputStream();

        ConnectionReader(InputStream in, Object progress) {
            this.in = in;
            this.progress = progress;
        }

        /** @return the next request, or null at a clean end of the connection */
        Request readRequest(int id) throws IOException {
            pending.reset();
            String requestLine = line(true);
            if (requestLine == null) {
                return null;
            }
            StringBuilder head = new StringBuilder(requestLine).append("\r\n");
            long length = 0;
            boolean chunked = false;
            for (String l = line(false); !l.isEmpty(); l = line(false)) {
                head.append(l).append("\r\n");
                int colon = l.indexOf(':');
                if (colon <= 0) {
                    throw new IOException("not a header line: " + l);
                }
                String name = l.substring(0, colon).toLowerCase(Locale.ROOT);
                String value = l.substring(colon + 1).trim();
                if (name.equals("content-length")) {
                    length = Long.parseLong(value);
                } else if (name.equals("transfer-encoding")) {
                    if (!value.equalsIgnoreCase("chunked")) {
                        throw new IOException("transfer coding " + value);
                    }
                    chunked = true;
                }
            }
            head.append("\r\n");
            ByteArrayOutputStream body = new ByteArrayOutputStream();
            if (chunked) {
                for (long size = chunkSize(line(false)); size > 0; size = chunkSize(line(false))) {
                    body.write(bytes(size));
                    if (!line(false).isEmpty()) {
                        throw new IOException("chunk data not followed by CRLF");
                    }
                }
                for (String trailer = line(false); !trailer.isEmpty(); trailer = line(false)) {
                    // trailers are kept in the raw bytes only
                }
            } else if (length > 0) {
                body.write(bytes(length));
            }
            byte[] raw = pending.toByteArray();
            pending.reset();
            return new Request(id, raw, head.toString(), body.toByteArray());
        }

        private static long chunkSize(String line) throws IOException {
            int semicolon = line.indexOf(';');
            String hex = semicolon < 0 ? line : line.substring(0, semicolon);
            try {
                return Long.parseLong(hex, 16);
            } catch (NumberFormatException e) {
                throw new IOException("bad chunk size line: " + line);
            }
        }

        private byte[] bytes(long n) throws IOException {
            byte[] b = in.readNBytes((int) n);
            pending.write(b);
            if (b.length < n) {
                throw new IOException("connection ended in a body");
            }
            return b;
        }

        /** A CRLF-terminated line (a bare LF is an error); null at a clean end when {@code first}. */
        private String line(boolean first) throws IOException {
            StringBuilder b = new StringBuilder();
            while (true) {
                int c = in.read();
                if (c < 0) {
                    if (first && b.isEmpty()) {
                        return null;
                    }
                    throw new IOException("connection ended in a line");
                }
                pending.write(c);
                if (c == '\n') {
                    synchronized (progress) {
                        progress.notifyAll();
                    }
                    if (b.isEmpty() || b.charAt(b.length() - 1) != '\r') {
                        throw new IOException("bare LF");
                    }
                    b.setLength(b.length() - 1);
                    return b.toString();
                }
                b.append((char) c);
            }
        }
    }

    @Override
    public void close() throws IOException {
        server.close();
        for (Socket s : open) {
            s.close();
        }
    }
}
