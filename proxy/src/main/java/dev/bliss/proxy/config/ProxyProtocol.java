package dev.bliss.proxy.config;

/** Whether a listener's connections start with a PROXY protocol header, and which version. */
public enum ProxyProtocol {
    /** No header: the TCP peer is the client. */
    OFF,
    /** The text header ({@code PROXY TCP4 src dst sport dport\r\n}), e.g. HAProxy's {@code send-proxy}. */
    V1,
    /** The binary header, e.g. AWS NLB's proxy protocol v2 or HAProxy's {@code send-proxy-v2}. */
    V2
}
