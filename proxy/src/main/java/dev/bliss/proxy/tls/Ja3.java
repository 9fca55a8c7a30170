package dev.bliss.proxy.tls;

import java.security.DigestException;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;

/**
 * JA3 (Salesforce): the decimal values of
 * {@code SSLVersion,Ciphers,Extensions,EllipticCurves,EllipticCurvePointFormats}, values joined
 * with {@code -}, fields with {@code ,}, empty fields left empty, GREASE values left out; the
 * fingerprint is the MD5 of that text as 32 lowercase hex characters. SSLVersion is the
 * ClientHello's own version field, which TLS 1.3 clients keep at 771 (TLS 1.2).
 *
 * <p>Owns its MessageDigest: one instance per thread.
 */
final class Ja3 {

    static final int HASH_LENGTH = 32;

    private final MessageDigest md5;
    private final byte[] digest = new byte[16];

    Ja3() {
        try {
            md5 = MessageDigest.getInstance("MD5");
        } catch (NoSuchAlgorithmException e) {
            throw new IllegalStateException("every Java platform has MD5", e);
        }
    }

    /** Appends the JA3 text of {@code hello} to {@code out}. */
    void appendText(ClientHello hello, AsciiBuffer out) {
        out.appendDecimal(hello.legacyVersion()).append(',');
        boolean any = false;
        for (int i = 0; i < hello.cipherCount(); i++) {
            any = appendValue(out, hello.cipher(i), any);
        }
        out.append(',');
        any = false;
        for (int i = 0; i < hello.extensionCount(); i++) {
            any = appendValue(out, hello.extensionType(i), any);
        }
        out.append(',');
        any = false;
        for (int i = 0; i < hello.groupCount(); i++) {
            any = appendValue(out, hello.group(i), any);
        }
        out.append(',');
        for (int i = 0; i < hello.pointFormatCount(); i++) {
            if (i > 0) {
                out.append('-');
            }
            out.appendDecimal(hello.pointFormat(i));
        }
    }

    private static boolean appendValue(AsciiBuffer out, int value, boolean any) {
        if (ClientHello.isGrease(value)) {
            return any;
        }
        if (any) {
            out.append('-');
        }
        out.appendDecimal(value);
        return true;
    }

    /** Appends the MD5 of {@code text[from, to)} as 32 lowercase hex characters. */
    void appendHash(AsciiBuffer text, int from, int to, AsciiBuffer out) {
        md5.update(text.array(), from, to - from);
        try {
            md5.digest(digest, 0, digest.length);
        } catch (DigestException e) {
            throw new IllegalStateException("a 16-byte buffer holds an MD5 digest", e);
        }
        out.appendHex(digest, digest.length);
    }
}
