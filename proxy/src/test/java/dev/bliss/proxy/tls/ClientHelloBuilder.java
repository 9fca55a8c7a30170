package dev.bliss.proxy.tls;

import java.io.ByteArrayOutputStream;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;

/** Builds ClientHellos byte by byte for tests: body, handshake message, and records of any size. */
final class ClientHelloBuilder {

    private int version = 0x0303;
    private final List<Integer> ciphers = new ArrayList<>();
    private final ByteArrayOutputStream extensions = new ByteArrayOutputStream();
    private boolean extensionBlock = true;

    ClientHelloBuilder version(int v) {
        version = v;
        return this;
    }

    ClientHelloBuilder ciphers(int... values) {
        for (int v : values) {
            ciphers.add(v);
        }
        return this;
    }

    /** Omits the extensions block entirely (pre-TLS-1.0 style). */
    ClientHelloBuilder noExtensionBlock() {
        extensionBlock = false;
        return this;
    }

    ClientHelloBuilder extension(int type, byte[] data) {
        u16(extensions, type);
        u16(extensions, data.length);
        extensions.writeBytes(data);
        return this;
    }

    ClientHelloBuilder emptyExtension(int type) {
        return extension(type, new byte[0]);
    }

    /** An extension whose data is a 2-byte length and 16-bit values (groups, signature algorithms). */
    ClientHelloBuilder u16ListExtension(int type, int... values) {
        ByteArrayOutputStream d = new ByteArrayOutputStream();
        u16(d, values.length * 2);
        for (int v : values) {
            u16(d, v);
        }
        return extension(type, d.toByteArray());
    }

    ClientHelloBuilder supportedVersions(int... values) {
        ByteArrayOutputStream d = new ByteArrayOutputStream();
        d.write(values.length * 2);
        for (int v : values) {
            u16(d, v);
        }
        return extension(0x002b, d.toByteArray());
    }

    ClientHelloBuilder pointFormats(int... values) {
        ByteArrayOutputStream d = new ByteArrayOutputStream();
        d.write(values.length);
        for (int v : values) {
            d.write(v);
        }
        return extension(0x000b, d.toByteArray());
    }

    ClientHelloBuilder serverName(String host) {
        byte[] name = host.getBytes(StandardCharsets.US_ASCII);
        ByteArrayOutputStream d = new ByteArrayOutputStream();
        u16(d, name.length + 3);
        d.write(0);
        u16(d, name.length);
        d.writeBytes(name);
        return extension(0x0000, d.toByteArray());
    }

    ClientHelloBuilder alpn(byte[]... names) {
        ByteArrayOutputStream list = new ByteArrayOutputStream();
        for (byte[] n : names) {
            list.write(n.length);
            list.writeBytes(n);
        }
        ByteArrayOutputStream d = new ByteArrayOutputStream();
        u16(d, list.size());
        d.writeBytes(list.toByteArray());
        return extension(0x0010, d.toByteArray());
    }

    ClientHelloBuilder alpn(String... names) {
        byte[][] bytes = new byte[names.length][];
        for (int i = 0; i < names.length; i++) {
            bytes[i] = names[i].getBytes(StandardCharsets.US_ASCII);
        }
        return alpn(bytes);
    }

    byte[] body() {
        ByteArrayOutputStream b = new ByteArrayOutputStream();
        u16(b, version);
        b.writeBytes(new byte[32]);
        b.write(32);
        b.writeBytes(new byte[32]);
        u16(b, ciphers.size() * 2);
        for (int c : ciphers) {
            u16(b, c);
        }
        b.write(1);
        b.write(0);
        if (extensionBlock) {
            u16(b, extensions.size());
            b.writeBytes(extensions.toByteArray());
        }
        return b.toByteArray();
    }

    /** The handshake message: type 1, 24-bit length, body. */
    byte[] message() {
        return message(body());
    }

    static byte[] message(byte[] body) {
        ByteArrayOutputStream m = new ByteArrayOutputStream();
        m.write(1);
        m.write(body.length >>> 16);
        u16(m, body.length & 0xffff);
        m.writeBytes(body);
        return m.toByteArray();
    }

    /** The message in one record. */
    byte[] record() {
        return records(message(), 1 << 14);
    }

    /** {@code message} cut into handshake records of at most {@code fragment} bytes. */
    static byte[] records(byte[] message, int fragment) {
        ByteArrayOutputStream r = new ByteArrayOutputStream();
        for (int i = 0; i < message.length; i += fragment) {
            int n = Math.min(fragment, message.length - i);
            r.write(22);
            u16(r, 0x0301);
            u16(r, n);
            r.write(message, i, n);
        }
        return r.toByteArray();
    }

    static void u16(ByteArrayOutputStream out, int v) {
        out.write(v >>> 8);
        out.write(v & 0xff);
    }
}
