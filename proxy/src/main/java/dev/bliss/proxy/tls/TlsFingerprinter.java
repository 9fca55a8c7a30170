package dev.bliss.proxy.tls;

import io.netty.util.concurrent.FastThreadLocal;

/**
 * Parses a ClientHello body and computes both fingerprints. Holds the scratch this takes (the
 * {@link ClientHello} flyweight, text buffers, digests, a sort array), so one instance serves a
 * thread: {@link #current()} gives the event loop's own. Per ClientHello it allocates only the
 * result: four strings and the record.
 *
 * <p>Not thread-safe; one per thread.
 */
public final class TlsFingerprinter {

    private static final FastThreadLocal<TlsFingerprinter> PER_THREAD = new FastThreadLocal<>() {
        @Override
        protected TlsFingerprinter initialValue() {
            return new TlsFingerprinter();
        }
    };

    private final ClientHello hello = new ClientHello();
    private final Ja3 ja3 = new Ja3();
    private final Ja4 ja4 = new Ja4();
    private final AsciiBuffer text = new AsciiBuffer(1024);
    private final AsciiBuffer hashes = new AsciiBuffer(Ja3.HASH_LENGTH + Ja4.LENGTH);

    /** This thread's instance. */
    public static TlsFingerprinter current() {
        return PER_THREAD.get();
    }

    /**
     * The fingerprints of the ClientHello body at {@code bytes[offset, offset + length)}, or
     * {@code null} when the body does not parse.
     */
    public TlsFingerprint fingerprint(byte[] bytes, int offset, int length) {
        if (ClientHelloParser.parse(bytes, offset, length, hello) != ClientHelloStatus.COMPLETE) {
            return null;
        }
        text.clear();
        hashes.clear();
        ja3.appendText(hello, text);
        int ja3End = text.length();
        ja3.appendHash(text, 0, ja3End, hashes);
        ja4.append(hello, text, hashes);
        return new TlsFingerprint(text.toString(0, ja3End), hashes.toString(0, Ja3.HASH_LENGTH),
                hashes.toString(Ja3.HASH_LENGTH, Ja3.HASH_LENGTH + Ja4.LENGTH), text.toString(ja3End, text.length()));
    }

    /** The fingerprints of the message an assembler completed, or {@code null} when it does not parse. */
    public TlsFingerprint fingerprint(ClientHelloAssembler assembled) {
        return fingerprint(assembled.message(), assembled.bodyOffset(), assembled.bodyLength());
    }
}
