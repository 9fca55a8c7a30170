package dev.bliss.proxy.tls;

import java.security.DigestException;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.util.Arrays;

/**
 * JA4, the TLS client fingerprint of FoxIO's JA4 specification (BSD 3-Clause; the other JA4+
 * methods are under another licence and are deliberately not here):
 *
 * <pre>
 *  a = "t" version(2) sni(d|i) ciphers(2) extensions(2) alpn(2)   e.g. t13d1516h2
 *  b = sha256(sorted ciphers as 4-hex, comma-joined)[0..12]       000000000000 if none
 *  c = sha256(sorted extensions without 0000 and 0010 "_" signature algorithms in order)[0..12]
 *                                                                   000000000000 if none
 *  JA4 = a_b_c (36 characters); JA4_r = a_(b's text)_(c's text)
 * </pre>
 *
 * GREASE values are left out everywhere; counts are capped at 99. The version is the highest in
 * supported_versions when sent, else the ClientHello's version field; the ALPN part is the first
 * and last character of the first protocol name, or of its hex form when either is not ASCII
 * alphanumeric.
 *
 * <p>Owns its MessageDigest and sort scratch: one instance per thread.
 */
final class Ja4 {

    static final int LENGTH = 36;
    private static final int A_LENGTH = 10;
    private static final int HASH_CHARS = 12;

    private final MessageDigest sha256;
    private final byte[] digest = new byte[32];
    private int[] sorted = new int[64];

    Ja4() {
        try {
            sha256 = MessageDigest.getInstance("SHA-256");
        } catch (NoSuchAlgorithmException e) {
            throw new IllegalStateException("every Java platform has SHA-256", e);
        }
    }

    /**
     * Appends JA4_r to {@code raw} (from its current length) and JA4 to {@code out}.
     */
    void append(ClientHello hello, AsciiBuffer raw, AsciiBuffer out) {
        int start = raw.length();
        appendA(hello, raw);
        raw.append('_');
        int ciphersFrom = raw.length();
        int ciphers = appendSortedCiphers(hello, raw);
        int ciphersTo = raw.length();
        raw.append('_');
        int extensionsFrom = raw.length();
        int extensions = appendSortedExtensions(hello, raw);
        appendSignatureAlgorithms(hello, raw);
        int extensionsTo = raw.length();

        for (int i = start; i < start + A_LENGTH; i++) {
            out.append((char) raw.array()[i]);
        }
        out.append('_');
        appendTruncatedHash(raw, ciphersFrom, ciphersTo, ciphers, out);
        out.append('_');
        appendTruncatedHash(raw, extensionsFrom, extensionsTo, extensions, out);
    }

    private void appendA(ClientHello hello, AsciiBuffer out) {
        out.append('t');
        appendVersion(version(hello), out);
        out.append(hello.hasServerName() ? 'd' : 'i');
        int ciphers = 0;
        for (int i = 0; i < hello.cipherCount(); i++) {
            ciphers += ClientHello.isGrease(hello.cipher(i)) ? 0 : 1;
        }
        appendCount(ciphers, out);
        int extensions = 0;
        for (int i = 0; i < hello.extensionCount(); i++) {
            extensions += ClientHello.isGrease(hello.extensionType(i)) ? 0 : 1;
        }
        appendCount(extensions, out);
        appendAlpn(hello, out);
    }

    private static int version(ClientHello hello) {
        int highest = -1;
        for (int i = 0; i < hello.supportedVersionCount(); i++) {
            int v = hello.supportedVersion(i);
            if (!ClientHello.isGrease(v) && v > highest) {
                highest = v;
            }
        }
        return highest >= 0 ? highest : hello.legacyVersion();
    }

    private static void appendVersion(int version, AsciiBuffer out) {
        switch (version) {
            case 0x0304 -> out.append('1').append('3');
            case 0x0303 -> out.append('1').append('2');
            case 0x0302 -> out.append('1').append('1');
            case 0x0301 -> out.append('1').append('0');
            case 0x0300 -> out.append('s').append('3');
            case 0x0002 -> out.append('s').append('2');
            case 0xfeff -> out.append('d').append('1');
            case 0xfefd -> out.append('d').append('2');
            case 0xfefc -> out.append('d').append('3');
            default -> out.append('0').append('0');
        }
    }

    private static void appendCount(int count, AsciiBuffer out) {
        int capped = Math.min(count, 99);
        out.append((char) ('0' + capped / 10)).append((char) ('0' + capped % 10));
    }

    private static void appendAlpn(ClientHello hello, AsciiBuffer out) {
        int n = hello.hasAlpn() ? hello.firstAlpnLength() : 0;
        if (n == 0) {
            out.append('0').append('0');
            return;
        }
        int first = hello.firstAlpnByte(0);
        int last = hello.firstAlpnByte(n - 1);
        if (isAlphanumeric(first) && isAlphanumeric(last)) {
            out.append((char) first).append((char) last);
        } else {
            out.appendNibble(first >>> 4).appendNibble(last);
        }
    }

    private static boolean isAlphanumeric(int b) {
        return (b >= '0' && b <= '9') || (b >= 'A' && b <= 'Z') || (b >= 'a' && b <= 'z');
    }

    private int appendSortedCiphers(ClientHello hello, AsciiBuffer out) {
        int n = 0;
        for (int i = 0; i < hello.cipherCount(); i++) {
            int c = hello.cipher(i);
            if (!ClientHello.isGrease(c)) {
                scratch(n + 1)[n++] = c;
            }
        }
        return appendSorted(n, out);
    }

    private int appendSortedExtensions(ClientHello hello, AsciiBuffer out) {
        int n = 0;
        for (int i = 0; i < hello.extensionCount(); i++) {
            int t = hello.extensionType(i);
            // SNI and ALPN are already in part a, so c stays the same across hosts and protocols
            if (!ClientHello.isGrease(t) && t != ClientHelloParser.SERVER_NAME && t != ClientHelloParser.ALPN) {
                scratch(n + 1)[n++] = t;
            }
        }
        return appendSorted(n, out);
    }

    private int appendSorted(int n, AsciiBuffer out) {
        Arrays.sort(sorted, 0, n);
        for (int i = 0; i < n; i++) {
            if (i > 0) {
                out.append(',');
            }
            out.appendHex4(sorted[i]);
        }
        return n;
    }

    private static void appendSignatureAlgorithms(ClientHello hello, AsciiBuffer out) {
        boolean any = false;
        for (int i = 0; i < hello.signatureAlgorithmCount(); i++) {
            int s = hello.signatureAlgorithm(i);
            if (ClientHello.isGrease(s)) {
                continue;
            }
            out.append(any ? ',' : '_');
            out.appendHex4(s);
            any = true;
        }
    }

    /** The first 12 hex characters of the SHA-256 of {@code text[from, to)}, or zeros when the list was empty. */
    private void appendTruncatedHash(AsciiBuffer text, int from, int to, int listed, AsciiBuffer out) {
        if (listed == 0) {
            for (int i = 0; i < HASH_CHARS; i++) {
                out.append('0');
            }
            return;
        }
        sha256.update(text.array(), from, to - from);
        try {
            sha256.digest(digest, 0, digest.length);
        } catch (DigestException e) {
            throw new IllegalStateException("a 32-byte buffer holds a SHA-256 digest", e);
        }
        out.appendHex(digest, HASH_CHARS / 2);
    }

    private int[] scratch(int size) {
        if (size > sorted.length) {
            sorted = Arrays.copyOf(sorted, Math.max(size, sorted.length * 2));
        }
        return sorted;
    }
}
