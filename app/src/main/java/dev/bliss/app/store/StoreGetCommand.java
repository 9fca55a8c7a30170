package dev.bliss.app.store;

import dev.bliss.store.FeatureStoreReader;
import dev.bliss.store.FeatureTable;
import dev.bliss.store.ReadGuard;
import dev.bliss.store.ReadHandle;
import dev.bliss.store.ReaderOptions;
import dev.bliss.store.StoreException;
import picocli.CommandLine;
import picocli.CommandLine.Command;
import picocli.CommandLine.Parameters;

import java.nio.file.Path;
import java.util.List;
import java.util.concurrent.Callable;

/** {@code bliss store get <prefix> <dimension> <key>}: one key's vector, feature by feature. */
@Command(name = "get", mixinStandardHelpOptions = true,
        description = "Print the feature vector of KEY in DIMENSION, with feature names. Exit 1 when the key is absent.")
public final class StoreGetCommand implements Callable<Integer> {

    @Parameters(index = "0", paramLabel = "PREFIX", description = "Store path prefix")
    Path prefix;

    @Parameters(index = "1", paramLabel = "DIMENSION", description = "Dimension name (e.g. ip) or index")
    String dimension;

    @Parameters(index = "2", paramLabel = "KEY", description = "u64 key: decimal (signed or unsigned) or 0x-prefixed hex")
    String key;

    @CommandLine.Spec
    CommandLine.Model.CommandSpec spec;

    static long parseKey(String text) {
        String t = text.trim();
        if (t.startsWith("0x") || t.startsWith("0X")) {
            return Long.parseUnsignedLong(t.substring(2), 16);
        }
        return t.startsWith("-") ? Long.parseLong(t) : Long.parseUnsignedLong(t);
    }

    @Override
    public Integer call() {
        long k;
        try {
            k = parseKey(key);
        } catch (NumberFormatException e) {
            throw new CommandLine.ParameterException(spec.commandLine(), "KEY is not a u64: " + key);
        }
        try (FeatureStoreReader reader = FeatureStoreReader.open(ReaderOptions.forPrefix(prefix));
             ReadHandle handle = reader.newHandle();
             ReadGuard guard = handle.acquire()) {
            if (!guard.hasSnapshot()) {
                System.err.println("no valid snapshot published at " + reader.prefix());
                return 2;
            }
            int d = guard.dimensionIndex(dimension);
            if (d < 0 && dimension.chars().allMatch(Character::isDigit) && Integer.parseInt(dimension) < guard.dimensionCount()) {
                d = Integer.parseInt(dimension);
            }
            if (d < 0) {
                List<String> names = new java.util.ArrayList<>();
                for (int i = 0; i < guard.dimensionCount(); i++) {
                    names.add(guard.dimensionName(i));
                }
                System.err.println("no dimension " + dimension + "; dimensions: " + names);
                return 2;
            }
            FeatureTable table = guard.table(d);
            long at = table.find(k);
            if (at == FeatureTable.MISSING) {
                System.out.println(table.name() + " " + Long.toUnsignedString(k) + ": not found (sequence " + guard.sequence() + ")");
                return 1;
            }
            System.out.println(table.name() + " " + Long.toUnsignedString(k) + " (0x" + Long.toHexString(k)
                    + "), sequence " + guard.sequence() + ":");
            List<String> features = table.featureNames();
            int width = features.stream().mapToInt(String::length).max().orElse(1);
            for (int f = 0; f < features.size(); f++) {
                System.out.printf("  %-" + width + "s  %s%n", features.get(f), table.feature(at, f));
            }
            return 0;
        } catch (StoreException e) {
            System.err.println("bliss store get: " + e.getMessage());
            return 2;
        }
    }
}
