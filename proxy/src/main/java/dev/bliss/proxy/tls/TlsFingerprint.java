package dev.bliss.proxy.tls;

/**
 * The fingerprints of one connection's ClientHello, computed once when it arrives and then
 * shared by every request on the connection (HTTP/1.1 keep-alive, HTTP/2 streams). Immutable.
 *
 * @param ja3     the JA3 text, e.g. {@code 771,4865-4866-...,0-11-10-...,29-23-24,0} (for debugging)
 * @param ja3Hash the JA3 fingerprint: MD5 of {@code ja3}, 32 lowercase hex characters
 * @param ja4     the JA4 fingerprint, {@code a_b_c}, 36 characters, e.g. {@code t13d1516h2_8daaf6152771_e5627efa2ab1}
 * @param ja4Raw  JA4_r: part a, then the sorted cipher and extension lists and the signature
 *                algorithms that b and c hash (for debugging)
 */
public record TlsFingerprint(String ja3, String ja3Hash, String ja4, String ja4Raw) {
}
