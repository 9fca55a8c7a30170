package dev.bliss.proxy.testing;

import io.netty.buffer.ByteBuf;
import io.netty.buffer.Unpooled;
import io.netty.handler.codec.http2.DefaultHttp2Headers;
import io.netty.handler.codec.http2.DefaultHttp2HeadersDecoder;
import io.netty.handler.codec.http2.DefaultHttp2HeadersEncoder;
import io.netty.handler.codec.http2.Http2Exception;
import io.netty.handler.codec.http2.Http2Headers;
import java.io.ByteArrayOutputStream;
import java.io.DataInputStream;
import java.io.IOException;
import java.io.OutputStream;
import java.net.Socket;
import java.nio.charset.StandardCharsets;

/**
 * An HTTP/2 client over a plain socket (h2c with prior knowledge), writing frames by hand, for
 * what a polite client never sends: a stream reset in the middle of an upload, oversized header
 * lists, pseudo-headers with odd paths. Header blocks are HPACK-coded with Netty's coder; every
 * frame is written and read as RFC 9113 §4 lays it out.
 *
 * <p>One test thread.
 */
public final class RawHttp2 implements AutoCloseable {

    public static final int DATA = 0x0;
    public static final int HEADERS = 0x1;
    public static final int RST_STREAM = 0x3;
    public static final int SETTINGS = 0x4;
    public static final int PING = 0x6;
    public static final int GOAWAY = 0x7;
    public static final int WINDOW_UPDATE = 0x8;
    public static final int CONTINUATION = 0x9;
    public static final int END_STREAM = 0x1;
    public static final int END_HEADERS = 0x4;
    private static final int MAX_FRAME = 16_384;

    /**
     * A stream's answer: the status (0 if none came), headers, body, the reset code (-1 if none)
     * and how many DATA frames the body came in.
     */
    public record Response(int status, Http2Headers headers, String body, long resetCode, int dataFrames) {
    }

    private final Socket socket;
    private final DataInputStream in;
    private final OutputStream out;
    private final DefaultHttp2HeadersEncoder encoder = new DefaultHttp2HeadersEncoder();
    private final DefaultHttp2HeadersDecoder decoder = new DefaultHttp2HeadersDecoder(false);

    /** Connects and sends the preface and an empty SETTINGS frame. */
    public RawHttp2(int port) throws IOException {
        socket = new Socket("127.0.0.1", port);
        socket.setSoTimeout(20_000);
        in = new DataInputStream(socket.getInputStream());
        out = socket.getOutputStream();
        out.write("PRI * HTTP/2.0\r\n\r\nSM\r\n\r\n".getBytes(StandardCharsets.US_ASCII));
        frame(SETTINGS, 0, 0, new byte[0]);
        out.flush();
    }

    /** A request's headers: the four pseudo-headers. */
    public static Http2Headers request(String method, String authority, String path) {
        return new DefaultHttp2Headers(false).method(method).scheme("http").authority(authority).path(path);
    }

    /** Sends a header block on {@code stream}, split into CONTINUATION frames when it is large. */
    public void headers(int stream, Http2Headers headers, boolean endStream) throws IOException {
        ByteBuf block = Unpooled.buffer();
        try {
            encoder.encodeHeaders(stream, headers, block);
        } catch (Http2Exception e) {
            throw new IOException(e);
        }
        byte[] bytes = new byte[block.readableBytes()];
        block.readBytes(bytes);
        block.release();
        int first = Math.min(bytes.length, MAX_FRAME);
        int flags = (endStream ? END_STREAM : 0) | (first == bytes.length ? END_HEADERS : 0);
        frame(HEADERS, flags, stream, java.util.Arrays.copyOfRange(bytes, 0, first));
        for (int at = first; at < bytes.length; at += MAX_FRAME) {
            int end = Math.min(bytes.length, at + MAX_FRAME);
            frame(CONTINUATION, end == bytes.length ? END_HEADERS : 0, stream, java.util.Arrays.copyOfRange(bytes, at, end));
        }
        out.flush();
    }

    public void data(int stream, String text, boolean endStream) throws IOException {
        frame(DATA, endStream ? END_STREAM : 0, stream, text.getBytes(StandardCharsets.ISO_8859_1));
        out.flush();
    }

    /** Sends one DATA frame per part, all in one socket write; the last part ends the stream if {@code endStream}. */
    public void data(int stream, java.util.List<String> parts, boolean endStream) throws IOException {
        ByteArrayOutputStream frames = new ByteArrayOutputStream();
        for (int i = 0; i < parts.size(); i++) {
            byte[] payload = parts.get(i).getBytes(StandardCharsets.ISO_8859_1);
            frames.writeBytes(frameHeader(DATA, endStream && i == parts.size() - 1 ? END_STREAM : 0, stream, payload.length));
            frames.writeBytes(payload);
        }
        out.write(frames.toByteArray());
        out.flush();
    }

    public void reset(int stream, int errorCode) throws IOException {
        frame(RST_STREAM, 0, stream, new byte[] {
                (byte) (errorCode >>> 24), (byte) (errorCode >>> 16), (byte) (errorCode >>> 8), (byte) errorCode});
        out.flush();
    }

    /**
     * Reads frames until {@code stream} ends (END_STREAM, RST_STREAM) or the connection does
     * (GOAWAY, end of stream); acknowledges SETTINGS and PING on the way.
     */
    public Response response(int stream) throws IOException {
        int status = 0;
        Http2Headers headers = null;
        ByteArrayOutputStream body = new ByteArrayOutputStream();
        ByteArrayOutputStream block = new ByteArrayOutputStream();
        int dataFrames = 0;
        while (true) {
            int length;
            try {
                length = (in.readUnsignedByte() << 16) | (in.readUnsignedByte() << 8) | in.readUnsignedByte();
            } catch (java.io.EOFException closed) {
                return new Response(status, headers, body.toString(StandardCharsets.UTF_8), -1, dataFrames);
            }
            int type = in.readUnsignedByte();
            int flags = in.readUnsignedByte();
            int id = in.readInt() & 0x7FFF_FFFF;
            byte[] payload = in.readNBytes(length);
            switch (type) {
                case SETTINGS -> {
                    if ((flags & 0x1) == 0) {
                        frame(SETTINGS, 0x1, 0, new byte[0]);
                        out.flush();
                    }
                }
                case PING -> {
                    if ((flags & 0x1) == 0) {
                        frame(PING, 0x1, 0, payload);
                        out.flush();
                    }
                }
                case GOAWAY -> {
                    return new Response(status, headers, body.toString(StandardCharsets.UTF_8), -1, dataFrames);
                }
                case RST_STREAM -> {
                    if (id == stream) {
                        long code = ((payload[0] & 0xFFL) << 24) | ((payload[1] & 0xFF) << 16) | ((payload[2] & 0xFF) << 8) | (payload[3] & 0xFF);
                        return new Response(status, headers, body.toString(StandardCharsets.UTF_8), code, dataFrames);
                    }
                }
                case HEADERS, CONTINUATION -> {
                    if (id != stream) {
                        break;
                    }
                    block.write(payload, 0, payload.length);
                    if ((flags & END_HEADERS) != 0) {
                        Http2Headers decoded = decode(id, block.toByteArray());
                        block.reset();
                        int code = decoded.status() == null ? 0 : Integer.parseInt(decoded.status().toString());
                        if (code >= 200) { // not an interim 1xx, not trailers
                            status = code;
                            headers = decoded;
                        }
                    }
                    if ((flags & END_STREAM) != 0) {
                        return new Response(status, headers, body.toString(StandardCharsets.UTF_8), -1, dataFrames);
                    }
                }
                case DATA -> {
                    if (id == stream) {
                        dataFrames++;
                        body.write(payload, 0, payload.length);
                        if ((flags & END_STREAM) != 0) {
                            return new Response(status, headers, body.toString(StandardCharsets.UTF_8), -1, dataFrames);
                        }
                    }
                }
                default -> { }
            }
        }
    }

    private Http2Headers decode(int stream, byte[] block) throws IOException {
        ByteBuf buf = Unpooled.wrappedBuffer(block);
        try {
            return decoder.decodeHeaders(stream, buf);
        } catch (Http2Exception e) {
            throw new IOException(e);
        } finally {
            buf.release();
        }
    }

    private void frame(int type, int flags, int stream, byte[] payload) throws IOException {
        out.write(frameHeader(type, flags, stream, payload.length));
        out.write(payload);
    }

    private static byte[] frameHeader(int type, int flags, int stream, int length) {
        return new byte[] {(byte) (length >>> 16), (byte) (length >>> 8), (byte) length, (byte) type, (byte) flags,
                (byte) (stream >>> 24), (byte) (stream >>> 16), (byte) (stream >>> 8), (byte) stream};
    }

    @Override
    public void close() throws IOException {
        socket.close();
    }
}
