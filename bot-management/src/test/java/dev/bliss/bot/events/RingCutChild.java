package dev.bliss.bot.events;

import java.nio.ByteBuffer;
import java.nio.channels.FileChannel;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import org.agrona.concurrent.ringbuffer.ManyToOneRingBuffer;

/**
 * Test main, meant for {@code -Xint}: a producer of the events ring whose file another party
 * cuts to 0 bytes and writes back, over and over, while the producer claims and commits records
 * the way {@link RingEventSink} does ({@code tryClaim}, fill, {@code commit}), catching each
 * {@link InternalError} and going on. Agrona claims with a compare-and-set on the tail counter in
 * the file's trailer; interpreted, HotSpot runs that CAS outside its unsafe-access guard.
 * Arguments: {@code FILE ITERATIONS}. Prints {@code RESULT faults=.. claims=..} and exits 0 when
 * it survives.
 */
public final class RingCutChild {

    private static final int CAPACITY = 1 << 16;
    private static final int RECORD = 64;

    private RingCutChild() {
    }

    public static void main(String[] args) throws Exception {
        Path file = Path.of(args[0]);
        int iterations = Integer.parseInt(args[1]);
        ManyToOneRingBuffer ring = RingEventSinkTest.createRing(file, CAPACITY);
        long size = CAPACITY + org.agrona.concurrent.ringbuffer.RingBufferDescriptor.TRAILER_LENGTH;
        try (FileChannel channel = FileChannel.open(file, StandardOpenOption.READ, StandardOpenOption.WRITE)) {
            Thread cutter = new Thread(() -> {
                try {
                    for (int i = 0; i < iterations; i++) {
                        channel.truncate(0);
                        Thread.onSpinWait();
                        channel.write(ByteBuffer.allocate(1), size - 1); // zeros again: an empty ring
                    }
                } catch (Exception e) {
                    throw new IllegalStateException(e);
                }
            }, "cutter");
            cutter.start();
            long faults = 0;
            long claims = 0;
            while (cutter.isAlive()) {
                try {
                    int at = ring.tryClaim(1, RECORD);
                    if (at > 0) {
                        ring.buffer().putLong(at, claims);
                        ring.commit(at);
                        claims++;
                    }
                } catch (InternalError e) {
                    faults++;
                }
            }
            cutter.join();
            System.out.println("RESULT faults=" + faults + " claims=" + claims);
            System.out.flush();
        }
        System.exit(0);
    }
}
