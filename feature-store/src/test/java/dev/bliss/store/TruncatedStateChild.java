package dev.bliss.store;

import java.nio.ByteBuffer;
import java.nio.channels.FileChannel;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;

/**
 * Test main, meant for {@code -Xint}: a reader whose state file another party cuts short while
 * the reader holds or takes a pin. Interpreted, every access to the mapped state file runs
 * through HotSpot's Unsafe entry points, and only some of those turn a SIGBUS into an
 * {@link InternalError}; a process that gets the signal elsewhere dies (exit 134). Modes:
 * <ul>
 *   <li>{@code once PREFIX}: publish, acquire a guard (a pin), truncate the state file to 0,
 *       close the guard, acquire again.
 *   <li>{@code race PREFIX ITERATIONS}: one thread acquires and closes guards while another
 *       cuts the state file to 0 and writes its bytes back, ITERATIONS times; the reader checks
 *       its files after each fault and goes on once they are whole. A truncation can land
 *       between any two accesses of an acquire or a close.
 * </ul>
 * Prints {@code RESULT faulted=.. faults=.. guards=..} and exits 0 when it survives.
 */
public final class TruncatedStateChild {

    private static final SequencedSnapshots DATA = new SequencedSnapshots(1, 50, 4);

    private TruncatedStateChild() {
    }

    public static void main(String[] args) throws Exception {
        Path prefix = Path.of(args[1]);
        Path state = StorePaths.state(prefix);
        try (FeatureStoreWriter writer = FeatureStoreWriter.open(WriterOptions.forPrefix(prefix));
             FeatureStoreReader reader = FeatureStoreReader.open(ReaderOptions.forPrefix(prefix));
             ReadHandle handle = reader.newHandle();
             FileChannel channel = FileChannel.open(state, StandardOpenOption.READ, StandardOpenOption.WRITE)) {
            DATA.publish(writer, 1);
            switch (args[0]) {
                case "once" -> once(reader, handle, channel);
                case "race" -> race(reader, handle, channel, Integer.parseInt(args[2]));
                default -> throw new IllegalArgumentException(args[0]);
            }
        }
        // the writer's close above touched nothing of the cut file's pages: reaching here is the point
        System.exit(0);
    }

    private static void once(FeatureStoreReader reader, ReadHandle handle, FileChannel channel) throws Exception {
        ReadGuard guard = handle.acquire();
        if (!guard.hasSnapshot() || !handle.isPinned()) {
            throw new IllegalStateException("expected a pinned snapshot");
        }
        channel.truncate(0);
        guard.close();
        long guards = 1;
        try (ReadGuard again = handle.acquire()) {
            guards++;
            if (again.hasSnapshot()) {
                throw new IllegalStateException("a snapshot from a state file cut to 0 bytes");
            }
        }
        print(reader, guards);
    }

    private static void race(FeatureStoreReader reader, ReadHandle handle, FileChannel channel, int iterations)
            throws Exception {
        ByteBuffer whole = ByteBuffer.allocate((int) channel.size());
        channel.read(whole, 0);
        Thread cutter = new Thread(() -> {
            try {
                for (int i = 0; i < iterations; i++) {
                    channel.truncate(0);
                    Thread.onSpinWait();
                    channel.write(whole.duplicate().flip(), 0);
                }
            } catch (Exception e) {
                throw new IllegalStateException(e);
            }
        }, "cutter");
        cutter.start();
        long guards = 0;
        while (cutter.isAlive()) {
            try (ReadGuard guard = handle.acquire()) {
                guards++;
            }
            if (reader.fault() != null) {
                reader.checkFiles(); // clears the fault once the cutter has written the bytes back
            }
        }
        cutter.join();
        print(reader, guards);
    }

    private static void print(FeatureStoreReader reader, long guards) {
        System.out.println("RESULT faulted=" + (reader.fault() != null) + " faults=" + reader.faults() + " guards=" + guards);
        System.out.flush();
    }
}
