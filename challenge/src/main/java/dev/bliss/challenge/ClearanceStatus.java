package dev.bliss.challenge;

/** What a request's clearance cookie turned out to be (see {@link ClearanceCheck}). */
public enum ClearanceStatus {
    /** No cookie of the configured name. */
    MISSING,
    /** Signed by a key of the ring, within its TTL, bound to this client. */
    VALID,
    /** Genuine, but its TTL has run out (or it was issued in the future, beyond clock skew). */
    EXPIRED,
    /** Genuine, but issued to another IP prefix: a cookie carried elsewhere. */
    OTHER_PREFIX,
    /** Genuine, but issued to another user agent. */
    OTHER_USER_AGENT,
    /** Genuine, but issued over a connection with another TLS fingerprint. */
    OTHER_JA4,
    /** Not a clearance this ring signed: malformed, altered, or signed by an unknown key. */
    TAMPERED;

    /** Whether a genuine clearance was presented by a client it was not issued to. */
    public boolean replayed() {
        return this == OTHER_PREFIX || this == OTHER_USER_AGENT || this == OTHER_JA4;
    }
}
