package dev.bliss.firewall.action;

/** The outcome of evaluating a rule set for one request. */
public enum Verdict {
    /** No terminating rule matched: forward the request. */
    NONE,
    /** An {@code allow} rule matched: forward the request. */
    ALLOW,
    /** A {@code block} rule matched: answer locally with the rule's response. */
    BLOCK,
    /** A {@code challenge} rule matched and the challenge was issued: answer with its response. */
    CHALLENGE;

    /** Whether the proxy answers the request itself instead of forwarding it. */
    public boolean answersLocally() {
        return this == BLOCK || this == CHALLENGE;
    }
}
