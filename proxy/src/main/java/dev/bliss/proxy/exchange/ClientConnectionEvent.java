package dev.bliss.proxy.exchange;

/**
 * User events the listener's handlers fire through a client pipeline for its
 * {@link ClientConnection}.
 */
public enum ClientConnectionEvent {
    /**
     * A cleartext connection opened with the HTTP/2 preface (prior knowledge): the HTTP/2 handlers
     * now own it, and the HTTP/1.x handlers leave.
     */
    HTTP2_PRIOR_KNOWLEDGE
}
