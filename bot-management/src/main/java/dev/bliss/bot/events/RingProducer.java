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
 * publishes (an event loop), on its first event.
 *
 * <p><b>Why one ring per thread.</b> A single-producer ring claims space with a plain load of
 * the tail and a release store of the new tail: no compare-and-set on the mapped file. A file cut
 * short under a producer then only faults its loads and stores ({@link InternalError}), which
 * HotSpot guards even in the interpreter, where a CAS on the lost page would abort the JVM.
 *
 * <p><b>Threads.</b> Everything but {@link #attached} and {@link #stale} belongs to the owner
 * thread, which alone attaches, writes and detaches. The sink's watcher thread reads
 * {@link #attached} (the file to measure) and sets {@link #stale} when the file was cut short,
 * replaced or removed; the owner then gives the ring up at its next event. Only the owner
 * releases the ownership, so a ring never has two producers, even for an instant.
 */
final class RingProducer {

    /** The owned file as the watcher measures it; null when detached. */
    record Attached(Path file, Object fileKey, long length) {
    }

    private static final long RETRY_NANOS = 1_000_000_000L;

    private final Path directory;
    private OneToOneRingBuffer ring;
    private RingOwnership owned;
    private long nextAttemptNanos;
    /** Written by the owner thread, read by the watcher (volatile: pairs with the watcher's load). */
    volatile Attached attached;
    /** Set by the watcher, cleared by the owner (volatile: the owner's load per event pairs with it). */
    volatile boolean stale;
    /** Why the last attach failed, for the log; owner thread only. */
    String lastError = "";

    RingProducer(Path directory) {
        this.directory = directory;
    }

    /**
     * The ring to write to, or null when this thread has none. Gives up a ring the watcher found
     * cut short or replaced, and looks for one (system calls, a mapping) at most once a second.
     */
    OneToOneRingBuffer ring() {
        if (stale) {
            detach();
        }
        OneToOneRingBuffer r = ring;
        if (r == null && System.nanoTime() - nextAttemptNanos >= 0) {
            nextAttemptNanos = System.nanoTime() + RETRY_NANOS;
            r = attach();
        }
        return r;
    }

    /** The ring met a fault (the file was cut short, or zeroed between a claim and its commit): give it up. */
    void fault() {
        detach();
        nextAttemptNanos = System.nanoTime() + RETRY_NANOS;
    }

    /** Owns a ring now. Owner thread only. */
    boolean owns() {
        return ring != null;
    }

    private OneToOneRingBuffer attach() {
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
                ring = opened;
                owned = claim;
                stale = false;
                attached = new Attached(file, attributes.fileKey(), size);
                lastError = "";
                return opened;
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
        ring = null;
        attached = null;
        stale = false;
        RingOwnership o = owned;
        owned = null;
        if (o != null) {
            o.close();
        }
    }
}
