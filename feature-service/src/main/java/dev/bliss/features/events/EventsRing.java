package dev.bliss.features.events;

import dev.bliss.store.events.RequestEventLayout;
import dev.bliss.store.events.RingOwnership;
import java.io.IOException;
import java.lang.System.Logger.Level;
import java.nio.ByteBuffer;
import java.nio.MappedByteBuffer;
import java.nio.channels.FileChannel;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.nio.file.StandardOpenOption;
import java.util.stream.Stream;
import org.agrona.concurrent.AtomicBuffer;
import org.agrona.concurrent.UnsafeBuffer;
import org.agrona.concurrent.ringbuffer.OneToOneRingBuffer;
import org.agrona.concurrent.ringbuffer.RingBufferDescriptor;

/**
 * The consumer's side of the events rings: the directory {@code events/} with one ring file per
 * producer slot, {@code events/0 .. events/N-1}, each Agrona's single-producer ring of
 * {@code capacity} bytes of records. The service creates them, or reuses the ones that exist;
 * each proxy event loop claims one ({@link RingOwnership}) and is its only producer.
 *
 * <pre>
 *  events/0   [records: capacity bytes][trailer: tail | head cache | head | …]   owned by loop A
 *  events/1   [records …][trailer …]                                            owned by loop B
 *  …          (a ring nobody owns waits for the next event loop)
 * </pre>
 *
 * <p>Memory: {@code count x (capacity + }{@link RingBufferDescriptor#TRAILER_LENGTH}{@code )}
 * bytes of tmpfs, mapped once by the service and once by each producer that owns a ring.
 *
 * <p>An existing ring is reused, never truncated or replaced while it is valid: proxies that have
 * it mapped keep writing into that inode, and records already in it are still read. A file that is
 * not a ring (wrong size) is replaced by a new one, which the proxies notice and switch to; a ring
 * whose capacity differs from the configured one is reused as it is, with a warning. Ring files
 * past the configured count are removed (a producer owning one notices and claims another). A
 * single-ring file {@code events} of the earlier many-producer design is replaced by the directory.
 *
 * <p>Threads: {@link #ring(int)}'s {@code read} and {@link #restoreIfTruncated} on the consumer
 * thread only; {@link #backlogBytes} from any thread (racy, for metrics).
 */
public final class EventsRing {

    private static final System.Logger LOG = System.getLogger("dev.bliss.features");

    private final Path directory;
    private final Path[] files;
    private final OneToOneRingBuffer[] rings;

    private EventsRing(Path directory, Path[] files, OneToOneRingBuffer[] rings) {
        this.directory = directory;
        this.files = files;
        this.rings = rings;
    }

    /**
     * Opens the rings in the directory {@code path}, creating {@code count} of {@code capacity}
     * bytes of records each where they do not exist or are not rings.
     *
     * @param capacity a power of two, see {@link RequestEventLayout#checkCapacity}
     * @param count    see {@link RequestEventLayout#checkRingCount}
     */
    public static EventsRing openOrCreate(Path path, int count, int capacity) throws IOException {
        RequestEventLayout.checkCapacity(capacity);
        RequestEventLayout.checkRingCount(count);
        Path directory = path.toAbsolutePath();
        if (Files.exists(directory) && !Files.isDirectory(directory)) {
            LOG.log(Level.WARNING, "events ring " + directory + " is a single ring file of an earlier bliss; replacing it with"
                    + " a directory of " + count + " rings (restart proxies of the earlier version)");
            Files.delete(directory);
        }
        Files.createDirectories(directory);
        Path[] files = new Path[count];
        OneToOneRingBuffer[] rings = new OneToOneRingBuffer[count];
        for (int i = 0; i < count; i++) {
            files[i] = RequestEventLayout.ringFile(directory, i);
            rings[i] = openOrCreateRing(files[i], capacity);
        }
        removeExtra(directory, count);
        LOG.log(Level.INFO, "events rings " + directory + ": " + count + " x " + capacity + " bytes");
        return new EventsRing(directory, files, rings);
    }

    /** {@link RequestEventLayout#DEFAULT_RING_COUNT} rings of {@code capacity} bytes of records each. */
    public static EventsRing openOrCreate(Path path, int capacity) throws IOException {
        return openOrCreate(path, RequestEventLayout.DEFAULT_RING_COUNT, capacity);
    }

    private static OneToOneRingBuffer openOrCreateRing(Path file, int capacity) throws IOException {
        if (Files.exists(file)) {
            long size = Files.size(file);
            long existing = size - RingBufferDescriptor.TRAILER_LENGTH;
            if (existing >= RequestEventLayout.MIN_CAPACITY && Long.bitCount(existing) == 1 && existing <= 1 << 30) {
                if (existing != capacity) {
                    LOG.log(Level.WARNING, "events ring " + file + " exists with " + existing + " bytes, not the configured "
                            + capacity + "; reusing it (proxies may have it mapped). Delete it with the proxies stopped to resize.");
                }
                return map(file, size);
            }
            LOG.log(Level.WARNING, "events ring " + file + " has " + size + " bytes, which is no ring; replacing it");
            Files.delete(file);
        }
        long size = (long) capacity + RingBufferDescriptor.TRAILER_LENGTH;
        // create under a temporary name and move into place, so a proxy never maps a half-sized file
        Path tmp = file.resolveSibling("." + file.getFileName() + ".new-" + ProcessHandle.current().pid());
        try (FileChannel channel = FileChannel.open(tmp, StandardOpenOption.CREATE_NEW, StandardOpenOption.READ,
                StandardOpenOption.WRITE)) {
            channel.write(ByteBuffer.allocate(1), size - 1);
        }
        Files.move(tmp, file, StandardCopyOption.ATOMIC_MOVE);
        return map(file, size);
    }

    private static void removeExtra(Path directory, int count) throws IOException {
        try (Stream<Path> entries = Files.list(directory)) {
            for (Path entry : (Iterable<Path>) entries::iterator) {
                String name = entry.getFileName().toString();
                if (name.chars().allMatch(Character::isDigit) && !name.isEmpty() && name.length() < 6
                        && Integer.parseInt(name) >= count) {
                    LOG.log(Level.WARNING, "events ring " + entry + " is past the configured " + count + " rings; removing it");
                    Files.delete(entry);
                }
            }
        }
    }

    private static OneToOneRingBuffer map(Path file, long size) throws IOException {
        try (FileChannel channel = FileChannel.open(file, StandardOpenOption.READ, StandardOpenOption.WRITE)) {
            MappedByteBuffer mapped = channel.map(FileChannel.MapMode.READ_WRITE, 0, size);
            return new OneToOneRingBuffer(new UnsafeBuffer(mapped));
        }
    }

    /** The rings' directory. */
    public Path path() {
        return directory;
    }

    /** Number of rings. */
    public int count() {
        return rings.length;
    }

    /** Ring {@code index}'s file. */
    public Path file(int index) {
        return files[index];
    }

    /** Ring {@code index}: {@code read} from one thread only. */
    public OneToOneRingBuffer ring(int index) {
        return rings[index];
    }

    /**
     * Brings back every ring file that another process cut short under the mappings (the consumer
     * meets it as an {@link InternalError} from a read): writes zeros over the whole file, in the
     * same inode, so this mapping and every proxy's work again, as an empty ring. The records it
     * held are lost; the proxies' event loops notice the truncation (a fault, or their watcher),
     * give the ring up and claim a ring again within a second. Consumer thread only.
     *
     * @return how many rings were restored (0: all were whole, the fault was something else)
     */
    public int restoreIfTruncated() throws IOException {
        int restored = 0;
        for (int i = 0; i < rings.length; i++) {
            long size = (long) rings[i].capacity() + RingBufferDescriptor.TRAILER_LENGTH;
            try (FileChannel channel = FileChannel.open(files[i], StandardOpenOption.READ, StandardOpenOption.WRITE)) {
                if (channel.size() >= size) {
                    continue;
                }
                // the records below the cut may be half of what they were: the whole ring afresh
                ByteBuffer zeros = ByteBuffer.allocate(64 * 1024);
                for (long at = 0; at < size; at += zeros.capacity()) {
                    zeros.clear().limit((int) Math.min(zeros.capacity(), size - at));
                    channel.write(zeros, at);
                }
                restored++;
            }
        }
        return restored;
    }

    /**
     * Repairs ring {@code index} after it made no progress with a backlog (the consumer's call):
     * a producer died between claiming a record and committing it, or a cut raced a write and
     * left the positions apart. Consumer thread only.
     *
     * <p>When no producer owns the ring (the consumer takes the ownership itself, so none can
     * claim it meanwhile) the consumer is, for that moment, its producer too: it zeroes the
     * records and sets the tail to the head. When a producer owns it (a stalled or a new owner
     * after a dead one) it only skips: zeroes the bytes between head and tail, then moves the
     * head to the tail, both the consumer's to write; a live producer that then commits the
     * skipped record finds its header gone, drops the event and gives the ring up.
     *
     * @return true when the ring was repaired or skipped forward
     */
    public boolean unblock(int index) throws IOException {
        OneToOneRingBuffer ring = rings[index];
        AtomicBuffer buffer = ring.buffer();
        int capacity = ring.capacity();
        try (RingOwnership owned = RingOwnership.tryClaim(files[index])) {
            long head = ring.consumerPosition();
            long tail = ring.producerPosition();
            if (head == tail) {
                return false;
            }
            if (owned != null) {
                buffer.setMemory(0, capacity, (byte) 0);
                buffer.putLong(capacity + RingBufferDescriptor.HEAD_CACHE_POSITION_OFFSET, head);
                // release: the zeros before the tail; pairs with the next owner's load after its lock
                buffer.putLongRelease(capacity + RingBufferDescriptor.TAIL_POSITION_OFFSET, head);
                return true;
            }
            if (tail < head || tail - head > capacity) {
                return false; // positions the owner alone may fix; it gives the ring up at its next fault
            }
            int from = (int) (head & (capacity - 1));
            int bytes = (int) (tail - head);
            int first = Math.min(bytes, capacity - from);
            buffer.setMemory(from, first, (byte) 0);
            buffer.setMemory(0, bytes - first, (byte) 0);
            // release: the zeros before the new head; pairs with the producer's volatile load of the head
            buffer.putLongRelease(capacity + RingBufferDescriptor.HEAD_POSITION_OFFSET, tail);
            return true;
        }
    }

    /** Bytes of records each ring holds. */
    public int capacity() {
        return rings[0].capacity();
    }

    /** Bytes written by producers and not yet read, over all rings. A racy sample, for metrics. */
    public long backlogBytes() {
        long total = 0;
        for (OneToOneRingBuffer ring : rings) {
            try {
                total += Math.max(0, ring.producerPosition() - ring.consumerPosition());
            } catch (InternalError e) {
                // the file is cut short; the aggregator restores it
            }
        }
        return total;
    }
}
