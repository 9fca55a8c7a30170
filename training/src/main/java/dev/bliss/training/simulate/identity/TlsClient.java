package dev.bliss.training.simulate.identity;

import java.nio.charset.StandardCharsets;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.HexFormat;
import java.util.List;
import java.util.SplittableRandom;
import java.util.stream.Collectors;

/**
 * The TLS stacks simulated clients connect with, each described by the ClientHello fields that
 * JA3 and JA4 hash (cipher suites, extensions, groups, point formats, signature algorithms, ALPN,
 * as IANA code points in the order the stack sends them). The fingerprints are computed from these
 * lists by the published JA3 and JA4 definitions, so they have the real formats and a stack always
 * has the same JA4. GREASE values are left out of the lists, as both definitions drop them.
 *
 * <p>Chromium shuffles its extension order per connection (since version 110): its JA3 differs
 * from connection to connection while JA4, which sorts extensions, stays put. {@link #fingerprint}
 * reproduces that with the caller's random source; the other stacks have one JA3.
 */
public enum TlsClient {

    CHROME(codes("1301 1302 1303 c02b c02f c02c c030 cca9 cca8 c013 c014 009c 009d 002f 0035"),
            codes("0000 0017 ff01 000a 000b 0023 0010 0005 000d 0012 0033 002d 002b 001b 44cd fe0d"),
            codes("11ec 001d 0017 0018"), codes("00"),
            codes("0403 0804 0401 0503 0805 0501 0806 0601"), "h2", true),

    FIREFOX(codes("1301 1303 1302 c02b c02f cca9 cca8 c02c c030 c00a c009 c013 c014 009c 009d 002f 0035"),
            codes("0000 0017 ff01 000a 000b 0023 0010 0005 0022 0012 0033 002b 000d 002d 001c 001b fe0d"),
            codes("11ec 001d 0017 0018 0019 0100 0101"), codes("00"),
            codes("0403 0503 0603 0804 0805 0806 0401 0501 0601 0203 0201"), "h2", false),

    SAFARI(codes("1302 1303 1301 c02c c02b cca9 c030 c02f cca8 c00a c009 c014 c013 009d 009c 0035 002f c008 c012 000a"),
            codes("0000 0017 ff01 000a 000b 0010 0005 000d 0012 0033 002d 002b 001b 0015"),
            codes("001d 0017 0018 0019"), codes("00"),
            codes("0403 0804 0401 0503 0203 0805 0501 0806 0601 0201"), "h2", false),

    /** Python's requests/urllib3 over OpenSSL 3: a long cipher list and no ALPN. */
    PYTHON_REQUESTS(codes("1302 1303 1301 c02c c030 009f cca9 cca8 ccaa c02b c02f 009e c024 c028 006b c023 c027 0067"
                    + " c00a c014 0039 c009 c013 0033 009d 009c 003d 003c 0035 002f 00ff"),
            codes("0000 000b 000a 0023 0016 0017 000d 002b 002d 0033"),
            codes("001d 0017 001e 0019 0018"), codes("00 01 02"),
            codes("0403 0503 0603 0807 0808 0809 080a 080b 0804 0805 0806 0401 0501 0601 0303 0301 0302 0402 0502 0602"),
            null, false),

    /** Go's crypto/tls as net/http uses it. */
    GO(codes("c02b c02f c02c c030 cca9 cca8 c009 c013 c00a c014 009c 009d 002f 0035 1301 1302 1303"),
            codes("0000 0005 000a 000b 000d ff01 0010 0012 002b 0033"),
            codes("001d 0017 0018 0019"), codes("00"),
            codes("0804 0403 0807 0805 0503 0806 0603 0401 0501 0601 0203 0201"), "h2", false),

    /** curl over OpenSSL. */
    CURL(codes("1302 1303 1301 c02c c030 009f cca9 cca8 ccaa c02b c02f 009e c024 c028 006b c023 c027 0067"
                    + " c00a c014 0039 c009 c013 0033 009d 009c 003d 003c 0035 002f 00ff"),
            codes("0000 000b 000a 0010 0016 0017 0031 000d 002b 002d 0033 0015"),
            codes("001d 0017 001e 0019 0018 0100 0101 0102 0103 0104"), codes("00 01 02"),
            codes("0403 0503 0603 0807 0808 0809 080a 080b 0804 0805 0806 0401 0501 0601 0303 0301 0302 0402 0502 0602"),
            "h2", false),

    /** A search engine's own crawler stack (BoringSSL-like, HTTP/1.1 only). */
    CRAWLER(codes("1301 1302 1303 c02b c02f c02c c030 cca9 cca8 c013 c014 009c 009d 002f 0035 000a"),
            codes("0000 0017 ff01 000a 000b 0010 000d 0012 0033 002d 002b"),
            codes("001d 0017 0018"), codes("00"),
            codes("0403 0804 0401 0503 0805 0501 0806 0601 0201"), "http/1.1", false),

    /** Chrome before ALPS and ECH (versions of the early 2020s): 14 extensions, no shuffling. */
    OLD_CHROME(codes("1301 1302 1303 c02b c02f c02c c030 cca9 cca8 c013 c014 009c 009d 002f 0035"),
            codes("0000 0017 ff01 000a 000b 0023 0010 0005 000d 0012 0033 002d 002b 0015"),
            codes("001d 0017 0018"), codes("00"),
            codes("0403 0804 0401 0503 0805 0501 0806 0601"), "h2", false),

    /** Firefox ESR of the early 2020s: no ECH, no delegated credentials' successor. */
    OLD_FIREFOX(codes("1301 1303 1302 c02b c02f cca9 cca8 c02c c030 c00a c009 c013 c014 009c 009d 002f 0035 000a"),
            codes("0000 0017 ff01 000a 000b 0023 0010 0005 0022 0033 002b 000d 002d 001c 0015"),
            codes("001d 0017 0018 0019 0100 0101"), codes("00"),
            codes("0403 0503 0603 0804 0805 0806 0401 0501 0601 0203 0201"), "h2", false),

    /** Safari 12–15 (macOS and iOS of those years). */
    OLD_SAFARI(codes("1301 1302 1303 c02c c02b c024 c023 c00a c009 cca9 c030 c02f c028 c027 c014 c013 cca8 009d 009c 003d 003c 0035 002f"),
            codes("0000 0017 ff01 000a 000b 0010 0005 000d 0012 0033 002d 002b 0015"),
            codes("001d 0017 0018 0019"), codes("00"),
            codes("0403 0804 0401 0503 0203 0805 0805 0501 0806 0601 0201"), "h2", false);

    /** The values a fingerprint header carries: the JA3 hash (32 hex digits) and the JA4. */
    public record Fingerprint(String ja3, String ja4) {
    }

    private final int[] ciphers;
    private final int[] extensions;
    private final int[] groups;
    private final int[] pointFormats;
    private final int[] signatureAlgorithms;
    private final String alpn;
    private final boolean shufflesExtensions;
    private final String ja4;
    private final String ja3;

    TlsClient(int[] ciphers, int[] extensions, int[] groups, int[] pointFormats, int[] signatureAlgorithms,
              String alpn, boolean shufflesExtensions) {
        this.ciphers = ciphers;
        this.extensions = extensions;
        this.groups = groups;
        this.pointFormats = pointFormats;
        this.signatureAlgorithms = signatureAlgorithms;
        this.alpn = alpn;
        this.shufflesExtensions = shufflesExtensions;
        this.ja4 = computeJa4();
        this.ja3 = ja3(extensions);
    }

    /** This stack's fingerprint on one connection; {@code random} orders Chromium's extensions. */
    public Fingerprint fingerprint(SplittableRandom random) {
        if (!shufflesExtensions) {
            return new Fingerprint(ja3, ja4);
        }
        int[] order = extensions.clone();
        // Chromium keeps the pre-shared-key extension last; none of ours is that, so all move
        for (int i = order.length - 1; i > 0; i--) {
            int j = random.nextInt(i + 1);
            int t = order[i];
            order[i] = order[j];
            order[j] = t;
        }
        return new Fingerprint(ja3(order), ja4);
    }

    /** The JA4 of this stack (the same on every connection). */
    public String ja4() {
        return ja4;
    }

    private String computeJa4() {
        String alpnPart = alpn == null ? "00" : "" + alpn.charAt(0) + alpn.charAt(alpn.length() - 1);
        String a = "t13d" + twoDigits(ciphers.length) + twoDigits(extensions.length) + alpnPart;
        String b = sha256Prefix(Arrays.stream(ciphers).sorted().mapToObj(TlsClient::hex4).collect(Collectors.joining(",")));
        List<String> sortedExtensions = new ArrayList<>();
        Arrays.stream(extensions).sorted().filter(e -> e != 0x0000 && e != 0x0010).forEach(e -> sortedExtensions.add(hex4(e)));
        String signatures = Arrays.stream(signatureAlgorithms).mapToObj(TlsClient::hex4).collect(Collectors.joining(","));
        String c = sha256Prefix(String.join(",", sortedExtensions) + "_" + signatures);
        return a + "_" + b + "_" + c;
    }

    private String ja3(int[] extensionOrder) {
        String text = "771," + decimal(ciphers) + "," + decimal(extensionOrder) + "," + decimal(groups) + ","
                + decimal(pointFormats);
        return HexFormat.of().formatHex(digest("MD5", text));
    }

    private static String decimal(int[] values) {
        return Arrays.stream(values).mapToObj(Integer::toString).collect(Collectors.joining("-"));
    }

    private static String twoDigits(int n) {
        return n < 10 ? "0" + n : Integer.toString(Math.min(n, 99));
    }

    private static String hex4(int v) {
        return HexFormat.of().toHexDigits((short) v);
    }

    private static String sha256Prefix(String text) {
        return HexFormat.of().formatHex(digest("SHA-256", text)).substring(0, 12);
    }

    private static byte[] digest(String algorithm, String text) {
        try {
            return MessageDigest.getInstance(algorithm).digest(text.getBytes(StandardCharsets.US_ASCII));
        } catch (NoSuchAlgorithmException e) {
            throw new IllegalStateException(algorithm + " is a required JDK algorithm", e);
        }
    }

    private static int[] codes(String hex) {
        return Arrays.stream(hex.trim().split("\\s+")).mapToInt(h -> Integer.parseInt(h, 16)).toArray();
    }
}
