package dev.bliss.proxy.config;

import java.time.Duration;

/**
 * Timeouts towards origins, towards slow clients, and for shutdown. The client ones are nginx's
 * ({@code client_header_timeout}, {@code client_body_timeout}, {@code keepalive_timeout}) with
 * nginx's defaults; all of them are checked by each event loop's sweep tick, not by a timer per
 * connection or request.
 *
 * @param connect      the longest wait for an origin connection (then 502)
 * @param response     the longest an origin may stay silent while a response is due (then 504),
 *                     counted from the last byte of the request it was given: each chunk of an
 *                     upload starts it again, so only an upload that stops moving times out
 * @param shutdown     how long in-flight requests may run on after SIGTERM
 * @param clientHeader the longest a client may take to send a whole request head, counted from
 *                     the connection's accept for its first request and from the head's first
 *                     byte for later ones (then the connection is closed, nothing is answered)
 * @param clientBody   the longest a client may pause between two reads of a request body while
 *                     the proxy is reading it (then 408 and close, or a reset once the response
 *                     has begun; the origin's half request is cut by closing its connection)
 * @param keepAlive    the longest an HTTP/1.x connection (or an HTTP/2 connection without open
 *                     streams) may stay idle between requests (then it is closed)
 */
public record TimeoutOptions(Duration connect, Duration response, Duration shutdown,
                             Duration clientHeader, Duration clientBody, Duration keepAlive) {

    public static final Duration DEFAULT_CONNECT = Duration.ofSeconds(5);
    public static final Duration DEFAULT_RESPONSE = Duration.ofSeconds(60);
    public static final Duration DEFAULT_SHUTDOWN = Duration.ofSeconds(30);
    /** nginx's client_header_timeout. */
    public static final Duration DEFAULT_CLIENT_HEADER = Duration.ofSeconds(60);
    /** nginx's client_body_timeout. */
    public static final Duration DEFAULT_CLIENT_BODY = Duration.ofSeconds(60);
    /** nginx's keepalive_timeout. */
    public static final Duration DEFAULT_KEEP_ALIVE = Duration.ofSeconds(75);

    /** The origin and shutdown timeouts given, the client ones at their defaults. */
    public TimeoutOptions(Duration connect, Duration response, Duration shutdown) {
        this(connect, response, shutdown, DEFAULT_CLIENT_HEADER, DEFAULT_CLIENT_BODY, DEFAULT_KEEP_ALIVE);
    }
}
