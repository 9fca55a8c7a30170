package dev.bliss.bot.events;

import dev.bliss.plugin.PluginMetrics;
import dev.bliss.store.events.RequestEventLayout;
import dev.bliss.store.events.RingOwnership;
import java.io.IOException;
import java.nio.ByteOrder;
import java.nio.MappedByteBuffer;
import java.nio.channels.FileChannel;
import java.nio.file.Files;
import java.nio.file.NoSuchFileException;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.nio.file.attribute.BasicFileAttributes;
import java.util.concurrent.atomic.AtomicInteger;
import org.agrona.concurrent.AtomicBuffer;
import org.agrona.concurrent.UnsafeBuffer;
import org.agrona.concurrent.ringbuffer.OneToOneRingBuffer;
import org.agrona.concurrent.ringbuffer.RingBufferDescriptor;

/**
 * One event loop's events ring: the ring file it owns ({@link RingOwnership}), Agrona's
 * single-producer ring over its mapping, and the encoding of each event into it. Made by
 * {@link RingEventSink#newProducer()} for each detector, on its loop's thread before the loop
 * serves requests, which is also when it looks for a free ring the first time; later attempts
 * (no ring was free, or the ring was given up) are the sink's watcher thread's, which claims and
 * maps a ring and offers it, so the event loop neither allocates nor makes system calls for them.
 *
 * <p><b>Why one ring per loop.</b> A single-producer ring claims space with a plain load of the
 * tail and a release store of the new tail: no compare-and-set on the mapped file. A file cut
 * short under a producer then only faults its loads and stores ({@link InternalError}), which
 * HotSpot guards even in the interpreter, where a CAS on the lost page would abort the JVM.
 *
 * <p><b>Threads.</b> {@link #publish} and {@link #connected} belong to the owner (the event loop
 * whose detector holds this producer), which alone writes, takes offers and detaches. The
 * watcher thread reads {@link #attached} (the file to measure) and sets {@link #stale} when the
 * file was cut short, replaced or removed; the owner then gives the ring up at its next event.
 * While {@link #needsRing} the watcher may put an {@link Offer} (a ring it claimed and mapped) in
 * {@link #offered}; the owner takes it at its next event. Ownership is by open file description,
 * not by thread, so a ring claimed by the watcher is the owner's from the moment it takes the
 * offer; only the owner releases it (or the sink's {@code close}, once no loop publishes), so a
 * ring never has two producers, even for an instant.
 *
 * <p><b>Order.</b> Each record carries the producer's {@link System#nanoTime()} taken just before
 * its commit ({@link RequestEventLayout#PUBLISH_ORDER_OFFSET}); the feature service reads the
 * rings merged by it, so events of several loops come out in the order they were published.
 *
 * <p><b>Never blocking, never allocating</b> in {@link #publish}: a full ring, no ring, or a fault
 * drops the event and counts it; the request goes on.
 */
public final class RingProducer implements RequestEventProducer {

    /** The owned file as the watcher measures it; null when detached. */
    record Attached(Path file, Object fileKey, long length) {
    }

    /** A ring claimed and mapped, ready for its producer. */
    record Offer(OneToOneRingBuffer ring, RingOwnership owned, Attached attached) {
    }

    private final Path directory;
    private final int keyCount;
    private final int schemaTag;
    private final int length;
    private final PluginMetrics.Counter ringFull;
    private final PluginMetrics.Counter ringMissing;
    private final PluginMetrics.Counter ringFault;
    /** The sink's count of rings its producers own, for the gauge. */
    private final AtomicInteger owning;
    /** The owner thread's name, for the log. */
    final String threadName;
    private OneToOneRingBuffer ring;
    private RingOwnership owned;
    /** Written by the owner thread, read by the watcher (volatile: pairs with the watcher's load). */
    volatile Attached attached;
    /** Set by the watcher, cleared by the owner (volatile: the owner's load per event pairs with it). */
    volatile boolean stale;
    /** Set when the producer has no ring after its first attempt; the watcher then offers one. */
    volatile boolean needsRing;
    /** Put by the watcher, taken by the owner (volatile: publishes the offer's fields to the owner). */
    volatile Offer offered;
    /** Why the last attempt found no ring, for the log. */
    volatile String lastError = "";

    RingProducer(Path directory, int keyCount, int schemaTag, PluginMetrics.Counter ringFull,
                 PluginMetrics.Counter ringMissing, PluginMetrics.Counter ringFault, AtomicInteger owning) {
        this.directory = directory;
        this.keyCount = keyCount;
        this.schemaTag = schemaTag;
        this.length = RequestEventLayout.bodyLength(keyCount);
        this.ringFull = ringFull;
        this.ringMissing = ringMissing;
        this.ringFault = ringFault;
        this.owning = owning;
        this.threadName = Thread.currentThread().getName();
    }

    @Override
    public void publish(RequestEvent e) {
        OneToOneRingBuffer r = ring();
        if (r == null) {
            ringMissing.increment();
            return;
        }
        try {
            write(r, e);
        } catch (InternalError | IllegalStateException fault) {
            // InternalError: the ring file was cut short under its mapping (SIGBUS). IllegalStateException:
            // Agrona found the claimed record's header gone at commit (the file was cut and filled
            // with zeros again in between, or the consumer skipped a claim it took for abandoned).
            // Either way the ring's state is not ours any more: give it up, claim one again later.
            ringFault.increment();
            detach();
        }
    }

    /**
     * Whether this producer's events reach a ring now; takes a ring the watcher offered, as
     * {@link #publish} does. Owner thread only.
     */
    public boolean connected() {
        return ring() != null;
    }

    private void write(OneToOneRingBuffer r, RequestEvent e) {
        int at = r.tryClaim(RequestEventLayout.MESSAGE_TYPE, length);
        if (at < 0) {
            ringFull.increment();
            return;
        }
        AtomicBuffer b = r.buffer();
        int flags = (e.hasCookie ? RequestEventLayout.FLAG_COOKIE : 0)
                | (e.staticResource ? RequestEventLayout.FLAG_STATIC : 0)
                | (e.heuristicMatch ? RequestEventLayout.FLAG_HEURISTIC : 0)
                | (e.browserLikeUserAgent ? RequestEventLayout.FLAG_BROWSER_LIKE : 0)
                | (e.tls ? RequestEventLayout.FLAG_TLS : 0)
                | (e.inconsistent ? RequestEventLayout.FLAG_INCONSISTENT : 0);
        int presence = 0;
        long[] keys = e.keys;
        boolean[] has = e.hasKey;
        for (int d = 0; d < keyCount; d++) {
            boolean present = has[d];
            presence |= present ? 1 << d : 0;
            b.putLong(at + RequestEventLayout.keyOffset(d), present ? keys[d] : 0L, ByteOrder.LITTLE_ENDIAN);
        }
        b.putLong(at + RequestEventLayout.VERSION_OFFSET,
                RequestEventLayout.head(flags, e.method, e.httpVersion, e.status, keyCount, e.challenge), ByteOrder.LITTLE_ENDIAN);
        b.putLong(at + RequestEventLayout.SCHEMA_TAG_OFFSET, RequestEventLayout.tagAndPresence(schemaTag, presence),
                ByteOrder.LITTLE_ENDIAN);
        b.putLong(at + RequestEventLayout.TIMESTAMP_OFFSET, e.timestampMillis, ByteOrder.LITTLE_ENDIAN);
        b.putLong(at + RequestEventLayout.USER_AGENT_HASH_OFFSET, e.userAgentHash, ByteOrder.LITTLE_ENDIAN);
        b.putLong(at + RequestEventLayout.PATH_HASH_OFFSET, e.pathHash, ByteOrder.LITTLE_ENDIAN);
        b.putLong(at + RequestEventLayout.TEMPLATE_HASH_OFFSET, e.templateHash, ByteOrder.LITTLE_ENDIAN);
        b.putLong(at + RequestEventLayout.PAGE_NUMBER_OFFSET, e.pageNumber, ByteOrder.LITTLE_ENDIAN);
        // last, next to the commit: the consumer's merge assumes a record becomes visible about
        // when its order was taken, so the gap between the two is kept to a store
        b.putLong(at + RequestEventLayout.PUBLISH_ORDER_OFFSET, System.nanoTime(), ByteOrder.LITTLE_ENDIAN);
        r.commit(at); // release store of the length; pairs with the consumer's acquire load of it
    }

    /**
     * The ring to write to, or null when this producer has none. Gives up a ring the watcher found
     * cut short or replaced (closing its descriptor: the one system call, and only then), then
     * takes what the watcher offers. Owner thread only; allocates nothing.
     */
    private OneToOneRingBuffer ring() {
        if (stale) {
            detach();
        }
        OneToOneRingBuffer r = ring;
        if (r == null) {
            Offer o = offered;
            if (o != null) {
                offered = null;
                install(o);
                r = o.ring();
            }
        }
        return r;
    }

    /** Starts writing to an offered ring. Owner thread (or its creator, before it serves). */
    void install(Offer o) {
        ring = o.ring();
        owned = o.owned();
        stale = false;
        needsRing = false;
        attached = o.attached();
        owning.incrementAndGet();
    }

    /**
     * Claims the first free ring that is whole and maps it; null when there is none (the reason in
     * {@link #lastError}). The creating thread (once, before its loop serves) or the watcher thread
     * (while {@link #needsRing}; never both).
     */
    Offer tryAttach() {
        String error = "no ring files in " + directory;
        for (int i = 0; i < RequestEventLayout.MAX_RING_COUNT; i++) {
            Path file = RequestEventLayout.ringFile(directory, i);
            RingOwnership claim;
            try {
                claim = RingOwnership.tryClaim(file);
            } catch (NoSuchFileException e) {
                break; // the service creates events/0 .. N-1: past the last one
            } catch (IOException | RuntimeException e) {
                error = file + ": " + e.getMessage();
                continue;
            }
            if (claim == null) {
                error = "all " + i + "+ rings in " + directory + " are owned by other event loops";
                continue;
            }
            try {
                BasicFileAttributes attributes = Files.readAttributes(file, BasicFileAttributes.class);
                long size = attributes.size();
                long capacity = size - RingBufferDescriptor.TRAILER_LENGTH;
                if (capacity < RequestEventLayout.MIN_CAPACITY || Long.bitCount(capacity) != 1 || capacity > 1 << 30) {
                    error = file + " has " + size + " bytes, which is no ring";
                    claim.close();
                    continue;
                }
                OneToOneRingBuffer opened = map(file, size);
                if (opened.consumerPosition() > opened.producerPosition()) {
                    // left inconsistent by a producer that died mid-claim (or a cut racing a write):
                    // the consumer repairs it while nobody owns it
                    error = file + " is being repaired by the feature service";
                    claim.close();
                    continue;
                }
                lastError = "";
                return new Offer(opened, claim, new Attached(file, attributes.fileKey(), size));
            } catch (IOException | RuntimeException | InternalError e) {
                error = file + ": " + e;
                claim.close();
            }
        }
        lastError = error;
        return null;
    }

    private static OneToOneRingBuffer map(Path file, long size) throws IOException {
        try (FileChannel channel = FileChannel.open(file, StandardOpenOption.READ, StandardOpenOption.WRITE)) {
            MappedByteBuffer mapped = channel.map(FileChannel.MapMode.READ_WRITE, 0, size);
            return new OneToOneRingBuffer(new UnsafeBuffer(mapped));
        }
    }

    /**
     * Gives the ring up: no more writes into it, then the ownership released, so another producer
     * may claim it; the watcher offers this one a ring again. The mapping is left to the garbage
     * collector. Owner thread.
     */
    private void detach() {
        boolean had = ring != null;
        ring = null;
        attached = null;
        stale = false;
        RingOwnership o = owned;
        owned = null;
        if (o != null) {
            o.close();
        }
        if (had) {
            owning.decrementAndGet();
            needsRing = true;
        }
    }

    /**
     * At the sink's close, once no loop publishes and the watcher has stopped: releases the ring
     * and any offer not taken.
     */
    void release() {
        detach();
        needsRing = false;
        Offer o = offered;
        offered = null;
        if (o != null) {
            o.owned().close();
        }
    }
}
