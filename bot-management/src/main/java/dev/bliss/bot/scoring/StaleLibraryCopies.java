package dev.bliss.bot.scoring;

import java.io.IOException;
import java.lang.System.Logger.Level;
import java.nio.file.Files;
import java.nio.file.NoSuchFileException;
import java.nio.file.Path;
import java.nio.file.attribute.FileTime;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Set;
import java.util.TreeSet;
import java.util.stream.Stream;

/**
 * Removes copies of the CatBoost native library that processes left behind in a directory.
 *
 * <p>The JNI extracts its library as {@code libcatboost4j-prediction-<random>.so} plus an empty
 * {@code .so.lck} beside it, and deletes both only on a clean JVM exit; its own clean-up looks for
 * names without the {@code lib} prefix and so never finds them. A copy is stale when
 * <ol>
 *   <li>no live process maps it ({@link ProcessMaps}); a loaded library is mapped for the whole
 *       life of its process, so an unmapped copy's owner is gone, or has not loaded it yet;
 *   <li>neither file changed in the last {@code minAge}: this covers "not loaded yet", the
 *       few hundred milliseconds in which a starting JVM writes its copy before mapping it;
 *   <li>it belongs to this user (another user's copies are theirs to clean).
 * </ol>
 * The {@code .lck} file cannot tell these apart by itself: a JVM killed with {@code kill -9}
 * leaves it too. It is removed with its library, or alone once it is old and its library gone.
 *
 * <p>Where {@code /proc} is missing nothing is removed: without it the owners cannot be known.
 * Startup only; failures to delete are logged and skipped.
 */
final class StaleLibraryCopies {

    static final String PREFIX = "libcatboost4j-prediction-";
    static final String LOCK_SUFFIX = ".lck";

    private static final System.Logger LOG = System.getLogger(StaleLibraryCopies.class.getName());

    private StaleLibraryCopies() {
    }

    /** Removes the stale copies in {@code dir}; returns the files removed. */
    static List<Path> remove(Path dir, Duration minAge) {
        if (!ProcessMaps.available()) {
            LOG.log(Level.DEBUG, "no /proc: stale CatBoost library copies in {0} are left alone", dir);
            return List.of();
        }
        Set<String> libraries = new TreeSet<>();
        try (Stream<Path> entries = Files.list(dir)) {
            entries.map(p -> p.getFileName().toString())
                    .filter(n -> n.startsWith(PREFIX))
                    .map(n -> n.endsWith(LOCK_SUFFIX) ? n.substring(0, n.length() - LOCK_SUFFIX.length()) : n)
                    .forEach(libraries::add);
        } catch (IOException e) {
            LOG.log(Level.DEBUG, "cannot list {0}: {1}", dir, e.toString());
            return List.of();
        }
        if (libraries.isEmpty()) {
            return List.of();
        }
        Path realDir;
        try {
            realDir = dir.toRealPath();
        } catch (IOException e) {
            return List.of();
        }
        // Read the maps only now: a process that maps a copy after this point found it in
        // place, and its copy is fresh enough for the age rule to protect it.
        Set<Path> inUse = ProcessMaps.mappedByAnyProcess(PREFIX);
        Object myUid = uid(Path.of("/proc/self"));
        FileTime cutoff = FileTime.fromMillis(System.currentTimeMillis() - minAge.toMillis());
        List<Path> removed = new ArrayList<>();
        for (String library : libraries) {
            Path lib = realDir.resolve(library);
            Path lock = realDir.resolve(library + LOCK_SUFFIX);
            if (inUse.contains(lib) || changedSince(lib, cutoff) || changedSince(lock, cutoff)
                    || !ownedBy(lib, myUid) || !ownedBy(lock, myUid)) {
                continue;
            }
            delete(lib, removed);
            delete(lock, removed);
        }
        return removed;
    }

    private static boolean changedSince(Path file, FileTime cutoff) {
        try {
            return Files.getLastModifiedTime(file).compareTo(cutoff) > 0;
        } catch (NoSuchFileException e) {
            return false;
        } catch (IOException e) {
            return true; // cannot tell: keep it
        }
    }

    private static boolean ownedBy(Path file, Object uid) {
        if (!Files.exists(file)) {
            return true;
        }
        return uid != null && uid.equals(uid(file));
    }

    private static Object uid(Path file) {
        try {
            return Files.getAttribute(file, "unix:uid");
        } catch (IOException | UnsupportedOperationException | IllegalArgumentException e) {
            return null;
        }
    }

    private static void delete(Path file, List<Path> removed) {
        try {
            if (Files.deleteIfExists(file)) {
                removed.add(file);
            }
        } catch (IOException e) {
            LOG.log(Level.WARNING, "cannot remove stale CatBoost library copy {0}: {1}", file, e.toString());
        }
    }
}
