package dev.bliss.features.events;

import dev.bliss.store.events.RequestEventLayout;
import java.io.IOException;
import java.lang.System.Logger.Level;
import java.nio.MappedByteBuffer;
import java.nio.channels.FileChannel;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import org.agrona.concurrent.UnsafeBuffer;
import org.agrona.concurrent.ringbuffer.ManyToOneRingBuffer;
import org.agrona.concurrent.ringbuffer.RingBufferDescriptor;

/**
 * The consumer's side of the events ring file: creates it, or reuses the one that exists.
 *
 * <p>An existing ring is reused, never truncated or replaced while it is valid: proxies that
 * have it mapped keep writing into that inode, and records already in it are still read. Only a
 * file that is not a ring (wrong size) is replaced by a new one, which the proxies' sinks notice
 * and switch to. A ring whose capacity differs from the configured one is reused as it is, with a
 * warning; delete the file with the proxies stopped to change its capacity.
 *
 * <p>The mapping lives until the garbage collector frees the buffer; the file outlives the process.
 */
public final class EventsRing {

    private static final System.Logger LOG = System.getLogger("dev.bliss.features");

    private final Path path;
    private final ManyToOneRingBuffer ring;

    private EventsRing(Path path, ManyToOneRingBuffer ring) {
        this.path = path;
        this.ring = ring;
    }

    /**
     * Opens the ring at {@code path}, creating it with {@code capacity} bytes of records if it
     * does not exist or is not a ring.
     *
     * @param capacity a power of two, see {@link RequestEventLayout#checkCapacity}
     */
    public static EventsRing openOrCreate(Path path, int capacity) throws IOException {
        RequestEventLayout.checkCapacity(capacity);
        Path file = path.toAbsolutePath();
        Files.createDirectories(file.getParent());
        if (Files.exists(file)) {
            long size = Files.size(file);
            long existing = size - RingBufferDescriptor.TRAILER_LENGTH;
            if (existing >= RequestEventLayout.MIN_CAPACITY && Long.bitCount(existing) == 1 && existing <= 1 << 30) {
                if (existing != capacity) {
                    LOG.log(Level.WARNING, "events ring " + file + " exists with " + existing + " bytes, not the configured "
                            + capacity + "; reusing it (proxies have it mapped). Delete it with the proxies stopped to resize.");
                }
                return new EventsRing(file, map(file, size));
            }
            LOG.log(Level.WARNING, "events ring " + file + " has " + size + " bytes, which is no ring; replacing it");
            Files.delete(file);
        }
        long size = (long) capacity + RingBufferDescriptor.TRAILER_LENGTH;
        // create under a temporary name and move into place, so a proxy never maps a half-sized file
        Path tmp = file.resolveSibling(file.getFileName() + ".new-" + ProcessHandle.current().pid());
        try (FileChannel channel = FileChannel.open(tmp, StandardOpenOption.CREATE_NEW, StandardOpenOption.READ,
                StandardOpenOption.WRITE)) {
            channel.truncate(size);
            channel.write(java.nio.ByteBuffer.allocate(1), size - 1);
        }
        Files.move(tmp, file, java.nio.file.StandardCopyOption.ATOMIC_MOVE);
        LOG.log(Level.INFO, "events ring " + file + " created (" + capacity + " bytes)");
        return new EventsRing(file, map(file, size));
    }

    private static ManyToOneRingBuffer map(Path file, long size) throws IOException {
        try (FileChannel channel = FileChannel.open(file, StandardOpenOption.READ, StandardOpenOption.WRITE)) {
            MappedByteBuffer mapped = channel.map(FileChannel.MapMode.READ_WRITE, 0, size);
            return new ManyToOneRingBuffer(new UnsafeBuffer(mapped));
        }
    }

    public Path path() {
        return path;
    }

    /**
     * Brings back a ring file that another process cut short under the mappings (the consumer
     * meets it as an {@link InternalError} from a read): writes zeros up to its size into the
     * same inode, so this mapping and every proxy's work again, as an empty ring. The records
     * it held are lost; the proxies' sinks notice the truncation, drop events meanwhile, and map
     * the file again once it is whole. Consumer thread only.
     *
     * @return the length the file had, or -1 when it was whole (the fault was something else)
     */
    public long restoreIfTruncated() throws IOException {
        long size = (long) ring.capacity() + RingBufferDescriptor.TRAILER_LENGTH;
        try (FileChannel channel = FileChannel.open(path, StandardOpenOption.READ, StandardOpenOption.WRITE)) {
            long length = channel.size();
            if (length >= size) {
                return -1;
            }
            java.nio.ByteBuffer zeros = java.nio.ByteBuffer.allocate(64 * 1024);
            for (long at = length; at < size; at += zeros.capacity()) {
                zeros.clear().limit((int) Math.min(zeros.capacity(), size - at));
                channel.write(zeros, at);
            }
            // the records below the cut may be half of what they were: start the ring afresh
            channel.write(java.nio.ByteBuffer.allocate(RingBufferDescriptor.TRAILER_LENGTH), ring.capacity());
            return length;
        }
    }

    /** The ring: {@code read} from one thread only. */
    public ManyToOneRingBuffer ring() {
        return ring;
    }

    /** Bytes of records the ring holds. */
    public int capacity() {
        return ring.capacity();
    }

    /** Bytes written by producers and not yet read. A racy sample, for metrics. */
    public long backlogBytes() {
        try {
            return Math.max(0, ring.producerPosition() - ring.consumerPosition());
        } catch (InternalError e) {
            return 0; // the file is cut short; the aggregator restores it
        }
    }
}
