package dev.bliss.proxy.tls;

import io.netty.buffer.Unpooled;
import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;

/** The ClientHellos captured from real clients (src/test/resources/clienthello) and their reference fingerprints. */
final class Captures {

    /** One line of expected.tsv, written by reference_fingerprints.py. */
    record Expected(String file, String ja3, String ja3Hash, String ja4, String ja4Raw) {
        byte[] wire() {
            return bytes(file);
        }

        @Override
        public String toString() {
            return file;
        }
    }

    private Captures() {
    }

    static List<Expected> expected() {
        List<Expected> all = new ArrayList<>();
        for (String line : new String(bytes("expected.tsv"), StandardCharsets.UTF_8).split("\n")) {
            if (!line.isBlank()) {
                String[] f = line.split("\t");
                all.add(new Expected(f[0], f[1], f[2], f[3], f[4]));
            }
        }
        return all;
    }

    static byte[] bytes(String name) {
        try (InputStream in = Captures.class.getResourceAsStream("/clienthello/" + name)) {
            if (in == null) {
                throw new IllegalArgumentException("no resource clienthello/" + name);
            }
            return in.readAllBytes();
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    /** Feeds {@code wire} to a new assembler in pieces of {@code step} bytes; the fingerprint, or null. */
    static TlsFingerprint fingerprint(byte[] wire, int step) {
        ClientHelloAssembler assembler = new ClientHelloAssembler();
        for (int i = 0; i < wire.length; i += step) {
            ClientHelloStatus s = assembler.offer(Unpooled.wrappedBuffer(wire, i, Math.min(step, wire.length - i)));
            if (s == ClientHelloStatus.COMPLETE) {
                return TlsFingerprinter.current().fingerprint(assembler);
            }
            if (s != ClientHelloStatus.NEED_MORE) {
                return null;
            }
        }
        return null;
    }

    /** The handshake message inside a capture's records (the records' payloads, concatenated). */
    static byte[] message(byte[] wire) {
        java.io.ByteArrayOutputStream m = new java.io.ByteArrayOutputStream();
        for (int i = 0; i < wire.length; ) {
            int n = (wire[i + 3] & 0xff) << 8 | wire[i + 4] & 0xff;
            m.write(wire, i + 5, n);
            i += 5 + n;
        }
        return m.toByteArray();
    }
}
