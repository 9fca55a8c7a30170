package dev.bliss.bot.events;

import dev.bliss.store.events.RequestEventLayout;
import dev.bliss.store.events.RingOwnership;
import java.io.IOException;
import java.nio.MappedByteBuffer;
import java.nio.channels.FileChannel;
import java.nio.file.Files;
import java.nio.file.NoSuchFileException;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.nio.file.attribute.BasicFileAttributes;
import org.agrona.concurrent.UnsafeBuffer;
import org.agrona.concurrent.ringbuffer.OneToOneRingBuffer;
import org.agrona.concurrent.ringbuffer.RingBufferDescriptor;

/**
 * One thread's events ring: the ring file it owns ({@link RingOwnership}) and Agrona's
 * single-producer ring over its mapping. Made by {@link RingEventSink} for each thread that
 * publishes (an event loop), on its first event, which also looks for a free ring; later
 * attempts (no ring was free, or the ring was given up) are the watcher thread's, which claims
 * and maps a ring and offers it, so the event loop neither allocates nor makes system calls for
 * them.
 *
 * <p><b>Why one ring per thread.</b> A single-producer ring claims space with a plain load of
 * the tail and a release store of the new tail: no compare-and-set on the mapped file. A file cut
 * short under a producer then only faults its loads and stores ({@link InternalError}), which
 * HotSpot guards even in the interpreter, where a CAS on the lost page would abort the JVM.
 *
 * <p><b>Threads.</b> The ring and its ownership belong to the owner thread, which alone writes
 * and detaches. The watcher thread reads {@link #attached} (the file to measure) and sets
 * {@link #stale} when the file was cut short, replaced or removed; the owner then gives the ring
 * up at its next event. While {@link #needsRing} the watcher may put an {@link Offer} (a ring it
 * claimed and mapped) in {@link #offered}; the owner takes it at its next event. Ownership is by
 * open file description, not by thread, so a ring claimed by the watcher is the owner's from the
 * moment it takes the offer; only the owner releases it (or {@code close}, once no thread
 * publishes), so a ring never has two producers, even for an instant.
 */
final class RingProducer {

    /** The owned file as the watcher measures it; null when detached. */
    record Attached(Path file, Object fileKey, long length) {
    }

    /** A ring claimed and mapped, ready for its producer. */
    record Offer(OneToOneRingBuffer ring, RingOwnership owned, Attached attached) {
    }

    private final Path directory;
    /** The owner thread's name, for the log. */
    final String threadName;
    private OneToOneRingBuffer ring;
    private RingOwnership owned;
    private boolean triedOnce;
    /** Written by the owner thread, read by the watcher (volatile: pairs with the watcher's load). */
    volatile Attached attached;
    /** Set by the watcher, cleared by the owner (volatile: the owner's load per event pairs with it). */
    volatile boolean stale;
    /** Set by the owner when it has no ring after its first attempt; the watcher then offers one. */
    volatile boolean needsRing;
    /** Put by the watcher, taken by the owner (volatile: publishes the offer's fields to the owner). */
    volatile Offer offered;
    /** Why the last attempt found no ring, for the log. */
    volatile String lastError = "";

    RingProducer(Path directory) {
        this.directory = directory;
        this.threadName = Thread.currentThread().getName();
    }

    /**
     * The ring to write to, or null when this thread has none. Gives up a ring the watcher found
     * cut short or replaced; looks for one itself only the first time (system calls, a mapping),
     * then takes what the watcher offers. Owner thread only; allocates nothing after the first call.
     */
    OneToOneRingBuffer ring() {
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
            } else if (!triedOnce) {
                triedOnce = true;
                o = tryAttach();
                if (o != null) {
                    install(o);
                    r = o.ring();
                } else {
                    needsRing = true;
                }
            }
        }
        return r;
    }

    /** Whether this producer has made its first attempt (owner thread). */
    boolean triedOnce() {
        return triedOnce;
    }

    private void install(Offer o) {
        ring = o.ring();
        owned = o.owned();
        stale = false;
        needsRing = false;
        attached = o.attached();
    }

    /** The ring met a fault (the file was cut short, or zeroed between a claim and its commit): give it up. */
    void fault() {
        detach();
    }

    /** Owns a ring now. Owner thread only. */
    boolean owns() {
        return ring != null;
    }

    /**
     * Claims the first free ring that is whole and maps it; null when there is none (the reason in
     * {@link #lastError}). The owner thread (its first event) or the watcher thread (while
     * {@link #needsRing}, never both: the owner stops trying after its first event).
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
     * Gives the ring up: no more writes into it, then the ownership released, so another thread
     * may claim it. The mapping is left to the garbage collector. Owner thread (or, at close,
     * the closing thread once no event loop publishes).
     */
    void detach() {
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
            needsRing = true;
        }
    }

    /** At close, once no thread publishes: releases the ring and any offer not taken. */
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
