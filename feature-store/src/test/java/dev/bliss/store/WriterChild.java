package dev.bliss.store;

import java.nio.file.Path;
import java.time.Duration;

/**
 * Test main: a writer process. Modes:
 * <ul>
 *   <li>{@code mid-write PREFIX}: publish sequence 1, begin sequence 2, put half its keys, print
 *       {@code MID-WRITE}, block on stdin (the test kills it).
 *   <li>{@code grow PREFIX}: publish a small snapshot, print {@code PUBLISHED}, then begin one of
 *       about 64 MB and print {@code ERROR <reason>} or {@code NO-ERROR}.
 * </ul>
 */
public final class WriterChild {

    static final SequencedSnapshots SMALL = new SequencedSnapshots(2, 500, 8);

    private WriterChild() {
    }

    public static void main(String[] args) throws Exception {
        Path prefix = Path.of(args[1]);
        try (FeatureStoreWriter writer = FeatureStoreWriter.open(WriterOptions.forPrefix(prefix)
                .gracePeriod(Duration.ofSeconds(2)))) {
            switch (args[0]) {
                case "mid-write" -> {
                    SMALL.publish(writer, 1);
                    SnapshotBuilder builder = writer.begin(SMALL.spec(2));
                    float[] vector = new float[SMALL.vectorLength];
                    for (int i = 0; i < SMALL.keysPerDimension / 2; i++) {
                        SMALL.fill(2, 0, SMALL.key(i), vector);
                        builder.put(0, SMALL.key(i), vector);
                    }
                    System.out.println("MID-WRITE");
                    System.out.flush();
                    System.in.read();
                }
                case "grow" -> {
                    SMALL.publish(writer, 1);
                    System.out.println("PUBLISHED");
                    try (SnapshotBuilder big = writer.begin(SnapshotSpec.builder(SequencedSnapshots.SCHEMA_HASH)
                            .dimension("big", 1_000_000, "a", "b", "c", "d", "e", "f", "g", "h", "i", "j", "k", "l")
                            .build())) {
                        System.out.println("NO-ERROR " + big.sizeBytes());
                    } catch (StoreException e) {
                        System.out.println("ERROR " + e.reason() + " " + e.getMessage());
                    }
                }
                default -> throw new IllegalArgumentException(args[0]);
            }
        }
    }
}
