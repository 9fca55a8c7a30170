package dev.bliss.bot.hex;

import java.nio.charset.StandardCharsets;
import java.util.Arrays;
import java.util.HexFormat;

/**
 * Run in a child JVM by {@link HexDecoderWithoutVectorModuleTest}: decodes a few inputs and
 * prints {@code implementation()} then {@code ok}, or exits 1 naming the first mismatch.
 * A main class, not a test, because the point is a JVM started without the vector module.
 */
public final class ScalarFallbackProbe {

    private ScalarFallbackProbe() {
    }

    public static void main(String[] args) {
        System.out.println(HexDecoder.isVectorized() + " " + HexDecoder.implementation());
        HexDecoder decoder = new HexDecoder();
        for (int n = 0; n <= 80; n += 2) {
            String hex = "0123456789abcdefABCDEF".repeat(4).substring(0, n);
            byte[] out = new byte[n / 2];
            int got = decoder.decode(hex, 0, n, out, 0);
            if (got != n / 2 || !Arrays.equals(out, HexFormat.of().parseHex(hex))) {
                fail("decode of \"" + hex + "\" gave " + got);
            }
            byte[] bytes = hex.getBytes(StandardCharsets.US_ASCII);
            got = decoder.decode(bytes, 0, n, out, 0);
            if (got != n / 2 || !Arrays.equals(out, HexFormat.of().parseHex(hex))) {
                fail("decode of bytes \"" + hex + "\" gave " + got);
            }
        }
        long[] key = new long[2];
        if (decoder.decodeLongs("cd9f8dd0e6ef1a2c2f94d6a2e6bd2f43", 0, 32, key, 0) != 2
                || key[0] != 0xcd9f8dd0e6ef1a2cL || key[1] != 0x2f94d6a2e6bd2f43L) {
            fail("decodeLongs of a JA3 hash gave " + Arrays.toString(key));
        }
        if (decoder.decode("0123456789abcdef0123456789abcde\u0130", 0, 32, new byte[16], 0) != ~31) {
            fail("U+0130 passed as a digit");
        }
        if (!HexDecoder.warmUp()) {
            fail("warm-up of the table decoder did not settle");
        }
        System.out.println("ok");
    }

    private static void fail(String message) {
        System.out.println(message);
        System.exit(1);
    }
}
