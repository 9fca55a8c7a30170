package dev.bliss.bot.events;

import java.nio.ByteBuffer;
import java.nio.channels.FileChannel;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import org.agrona.concurrent.ringbuffer.OneToOneRingBuffer;
import org.agrona.concurrent.ringbuffer.RingBufferDescriptor;

/**
 * Test main, meant for {@code -Xint}: the producer of one events ring whose file another party
 * cuts to 0 bytes and writes back, over and over, while the producer claims and commits records
 * the way {@link RingEventSink} does ({@code tryClaim}, fill, {@code commit} on Agrona's
 * single-producer ring), catching what {@code RingEventSink.publish} catches: the
 * {@link InternalError} of a cut page and Agrona's {@link IllegalStateException} when the zeros
 * came back between a claim and its commit. The single-producer ring claims with a plain load and
 * a release store of the tail: no compare-and-set, which HotSpot's interpreter would run outside
 * its unsafe-access guard. Arguments: {@code FILE ITERATIONS}. Prints
 * {@code RESULT faults=.. stale=.. claims=..} and exits 0 when it survives.
 */
public final class RingCutChild {

    private static final int CAPACITY = 1 << 16;
    private static final int RECORD = 64;

    private RingCutChild() {
    }

    public static void main(String[] args) throws Exception {
        Path file = Path.of(args[0]);
        int iterations = Integer.parseInt(args[1]);
        OneToOneRingBuffer ring = RingEventSinkTest.createRing(file, CAPACITY);
        long size = CAPACITY + RingBufferDescriptor.TRAILER_LENGTH;
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
            long stale = 0;
            long claims = 0;
            while (cutter.isAlive()) {
                try {
                    int at = ring.tryClaim(1, RECORD);
                    if (at > 0) {
                        ring.buffer().putLong(at, claims);
                        ring.commit(at);
                        claims++;
                    } else {
                        // full: consume as the feature service would, so claims go on
                        ring.read((type, buffer, index, length) -> { });
                    }
                } catch (InternalError e) {
                    faults++;
                } catch (IllegalStateException e) {
                    stale++;
                }
            }
            cutter.join();
            System.out.println("RESULT faults=" + faults + " stale=" + stale + " claims=" + claims);
            System.out.flush();
        }
        System.exit(0);
    }
}
