package dev.bliss.proxy.origin;

/**
 * The exchange an origin connection serves: where a pool hands the connection it asked for, and
 * where that connection sends what the origin says. One exchange at a time per connection.
 *
 * <p>Every call comes from the event loop that owns both the exchange and the connection.
 */
public interface OriginListener {

    /**
     * The pool has a connection for the acquisition {@code ticket}, bound to this listener now.
     *
     * @return false when that acquisition is stale (the exchange ended meanwhile and the listener
     *         serves another): the pool takes the connection back
     */
    boolean originReady(OriginConnection connection, int ticket);

    /** No connection could be had for acquisition {@code ticket}: the connect failed or timed out. */
    void originUnreachable(Throwable cause, int ticket);

    /** A decoded part of the origin's response: head, body chunk or end (reference counted, now ours). */
    void originRead(Object message);

    /** The origin's socket drained or filled up: resume or pause reading the client. */
    void originWritabilityChanged(boolean writable);

    /** The connection closed (or broke) while bound to this exchange. */
    void originClosed();

    /** The origin's read burst is over: what it brought should be flushed to the client now. */
    void originReadComplete();
}
