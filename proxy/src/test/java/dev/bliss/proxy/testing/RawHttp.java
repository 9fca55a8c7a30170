package dev.bliss.proxy.testing;

import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.net.Socket;
import java.nio.charset.StandardCharsets;
import java.util.LinkedHashMap;
import java.util.Locale;
import java.util.Map;

/**
 * An HTTP/1.1 client over a plain socket, for requests no polite client would send: spoofed
 * forwarding headers, Connection-named headers, oversized heads, hand-framed bodies.
 */
public final class RawHttp implements AutoCloseable {

    /** A parsed response: status, lower-cased header names (last value wins), body. */
    public record Response(int status, Map<String, String> headers, String body) {
    }

    private final Socket socket;
    private final InputStream in;
    private final OutputStream out;

    public RawHttp(int port) throws IOException {
        this("127.0.0.1", port);
    }

    public RawHttp(String host, int port) throws IOException {
        socket = new Socket(host, port);
        socket.setSoTimeout(20_000);
        in = socket.getInputStream();
        out = socket.getOutputStream();
    }

    public OutputStream out() {
        return out;
    }

    /** The connection's bytes as they come, for a test that reads a response's framing itself. */
    public InputStream in() {
        return in;
    }

    public void send(String head) throws IOException {
        out.write(head.getBytes(StandardCharsets.ISO_8859_1));
        out.flush();
    }

    /** Sends a request head (the text before the blank line) and reads the response. */
    public Response exchange(String head) throws IOException {
        send(head + "\r\n\r\n");
        return read();
    }

    public Response read() throws IOException {
        String statusLine = line();
        int status = Integer.parseInt(statusLine.split(" ")[1]);
        Map<String, String> headers = new LinkedHashMap<>();
        for (String l = line(); !l.isEmpty(); l = line()) {
            int colon = l.indexOf(':');
            headers.put(l.substring(0, colon).trim().toLowerCase(Locale.ROOT), l.substring(colon + 1).trim());
        }
        ByteArrayOutputStream body = new ByteArrayOutputStream();
        if (headers.containsKey("content-length")) {
            int n = Integer.parseInt(headers.get("content-length"));
            body.write(in.readNBytes(n));
        } else if ("chunked".equalsIgnoreCase(headers.get("transfer-encoding"))) {
            for (int size = Integer.parseInt(line().trim(), 16); size > 0; size = Integer.parseInt(line().trim(), 16)) {
                body.write(in.readNBytes(size));
                line();
            }
            line();
        }
        return new Response(status, headers, body.toString(StandardCharsets.UTF_8));
    }

    private String line() throws IOException {
        StringBuilder b = new StringBuilder();
        int c;
        while ((c = in.read()) != -1 && c != '\n') {
            if (c != '\r') {
                b.append((char) c);
            }
        }
        if (c == -1 && b.isEmpty()) {
            throw new IOException("connection closed");
        }
        return b.toString();
    }

    /** Writes {@code bytes} as they are. */
    public void sendBytes(byte[] bytes) throws IOException {
        out.write(bytes);
        out.flush();
    }

    /**
     * Whether the proxy closes the connection: reads until the end of the stream (dropping what
     * comes), waiting at most the socket timeout.
     */
    public boolean closedByPeer() throws IOException {
        try {
            while (in.read() >= 0) {
                // anything after the answer is dropped
            }
            return true;
        } catch (java.net.SocketTimeoutException stillOpen) {
            return false;
        } catch (java.net.SocketException reset) {
            return true;
        }
    }

    /** Sets how long a read waits before failing. */
    public RawHttp timeout(int millis) throws IOException {
        socket.setSoTimeout(millis);
        return this;
    }

    /** Closes with a TCP reset (SO_LINGER 0), as a client that aborts does. */
    public void reset() throws IOException {
        socket.setSoLinger(true, 0);
        socket.close();
    }

    @Override
    public void close() throws IOException {
        socket.close();
    }
}
