package dev.bliss.proxy.exchange;

import io.netty.buffer.ByteBuf;
import io.netty.handler.codec.http.DefaultHttpContent;
import io.netty.handler.codec.http.HttpContent;

/**
 * Coalesces the small body chunks that one read burst brings for one hop into one chunk. A client
 * that sends its body as many small HTTP/2 DATA frames or HTTP/1.1 chunks (or an origin that
 * answers in many small chunks) would otherwise cost the next hop one chunk, with its framing, per
 * piece: the bytes go out in one flush, but a receiver reads them piece by piece. Netty's HTTP/2
 * encoder already merges the DATA frames it has queued for one stream, so the proxy coalesces
 * towards HTTP/1.x only.
 *
 * <pre>
 *  add(piece) ─► small, first of the burst: kept as it is (no copy)
 *             ─► small, more of them: copied into one buffer of at most {@link #CAPACITY}
 *             ─► not small, or no room: what is kept goes out first, then the piece (or it is kept)
 *  end()      ─► what is kept goes out: at the end of the read burst, before the body's last part
 * </pre>
 *
 * A burst of one piece passes it on untouched, so a body that comes in large pieces, or one per
 * read, is neither copied nor re-wrapped; only a burst of several small pieces pays a copy of
 * them (at most {@link #SMALL} bytes each) and one {@code HttpContent} for the coalesced chunk.
 * What is kept is bounded by {@link #CAPACITY} and never outlives the burst, so back-pressure
 * (the reader paused while the next hop's socket is full) is unchanged.
 *
 * <p>Event loop only. One per direction of a pooled {@link OriginLeg}.
 */
final class ChunkCoalescer {

    /** Pieces below this many bytes are coalesced; larger ones pass as they are. */
    static final int SMALL = 4096;
    /** The most bytes one coalesced chunk holds. */
    static final int CAPACITY = 16 * 1024;

    /** Where a hop's body chunks are written (not flushed). */
    interface Sink {
        void write(HttpContent chunk);
    }

    private final Sink sink;
    /** The burst's first small piece, as it came; null once copied or written. */
    private HttpContent kept;
    /** The burst's small pieces, copied, once there were two; null otherwise. */
    private ByteBuf coalesced;

    ChunkCoalescer(Sink sink) {
        this.sink = sink;
    }

    /** Takes a body chunk (not the last one) of the current burst; owns it from now on. */
    void add(HttpContent piece) {
        ByteBuf bytes = piece.content();
        int n = bytes.readableBytes();
        if (n >= SMALL) {
            end();
            sink.write(piece);
            return;
        }
        if (kept == null && coalesced == null) {
            kept = piece;
            return;
        }
        if (coalesced != null && coalesced.writableBytes() < n) {
            end();
            kept = piece;
            return;
        }
        if (coalesced == null) {
            coalesced = bytes.alloc().buffer(CAPACITY, CAPACITY);
            coalesced.writeBytes(kept.content());
            kept.release();
            kept = null;
        }
        coalesced.writeBytes(bytes);
        piece.release();
    }

    /** Writes what the burst left here; nothing when it left nothing. */
    void end() {
        if (kept != null) {
            HttpContent piece = kept;
            kept = null;
            sink.write(piece);
        } else if (coalesced != null) {
            ByteBuf bytes = coalesced;
            coalesced = null;
            sink.write(new DefaultHttpContent(bytes));
        }
    }

    /** Whether pieces wait here for {@link #end()}. */
    boolean holds() {
        return kept != null || coalesced != null;
    }

    /** Releases what is kept without writing it: the hop is gone or will never take the rest of this body. */
    void discard() {
        if (kept != null) {
            kept.release();
            kept = null;
        }
        if (coalesced != null) {
            coalesced.release();
            coalesced = null;
        }
    }
}
