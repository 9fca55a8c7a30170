package dev.bliss.bot.scoring;

import java.io.IOException;
import java.lang.System.Logger.Level;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;

/**
 * Loads the CatBoost JNI's native library so that no copy of it outlives this process.
 *
 * <p>The problem: the first use of {@code ai.catboost.CatBoostModel} runs catboost-common's
 * {@code NativeLib.smartLoad}, which always copies the 14 MB library out of the jar with
 * {@code File.createTempFile} into {@code java.io.tmpdir}, loads it and relies on
 * {@code deleteOnExit}. A JVM that is killed or crashes leaves the copy and its {@code .lck}
 * behind, and nothing ever removes them: on a tmpfs {@code /tmp} they eat memory, start after
 * start.
 *
 * <p>Why not point it at a directory of ours: {@code File.createTempFile} uses the
 * {@code java.io.tmpdir} the JVM started with (the JDK caches it), so setting the property at
 * run time does not move the copy, and setting it on the command line moves every other temp
 * file of the process too. Pre-loading the library ourselves does not help either: smartLoad
 * has no "already loaded" check and extracts regardless. What does work, on Linux:
 * <ol>
 *   <li>remove stale copies from {@code java.io.tmpdir} first ({@link StaleLibraryCopies}:
 *       only copies no live process maps, older than a minute, of this user);
 *   <li>let the JNI extract and load its copy (class initialisation of {@code CatBoostModel});
 *   <li>find that copy in {@code /proc/self/maps} and unlink it and its {@code .lck} at once.
 *       A loaded library needs no name: the mapping keeps the inode alive until the process
 *       ends, however it ends, and then the kernel frees it. {@code deleteOnExit} later finds
 *       nothing to delete, which it ignores.
 * </ol>
 * So a copy exists under a name only for the moment between extraction and step 3; a crash in
 * that moment leaves one, which the next start removes. An operator who wants the extraction on a
 * particular filesystem (say, a non-tmpfs disk, or one not mounted noexec) starts the JVM with
 * {@code -Djava.io.tmpdir=...}; this class works the same there. Without {@code /proc}
 * (not Linux) steps 1 and 3 are skipped and the JNI's own behaviour applies.
 *
 * <p>Thread-safe and idempotent; the first call does the work (about 0.1–0.3 s, mostly the
 * copy), later calls return at once. Call it before anything else touches {@code CatBoostModel}.
 */
public final class CatBoostNativeLibrary {

    /** How old an unmapped copy must be to count as left behind rather than being loaded right now. */
    static final Duration STALE_AFTER = Duration.ofMinutes(1);

    private static final System.Logger LOG = System.getLogger(CatBoostNativeLibrary.class.getName());

    private static boolean loaded;

    private CatBoostNativeLibrary() {
    }

    /**
     * Loads the library (once per JVM) as described above.
     *
     * @throws IOException if the JNI cannot extract or load it, typically because
     *     {@code java.io.tmpdir} is missing, not writable or mounted noexec
     */
    public static synchronized void load() throws IOException {
        if (loaded) {
            return;
        }
        Path dir = Path.of(System.getProperty("java.io.tmpdir"));
        List<Path> stale = StaleLibraryCopies.remove(dir, STALE_AFTER);
        if (!stale.isEmpty()) {
            LOG.log(Level.INFO, "removed {0} CatBoost library files left by processes that are gone: {1}",
                    stale.size(), stale);
        }
        try {
            Class.forName("ai.catboost.CatBoostModel", true, CatBoostNativeLibrary.class.getClassLoader());
        } catch (ClassNotFoundException | LinkageError e) {
            throw new IOException("cannot load the CatBoost native library (the JNI unpacks it into java.io.tmpdir "
                    + dir + ", which must exist, be writable and allow executables): " + rootCause(e), e);
        }
        if (ProcessMaps.available()) {
            for (Path copy : ProcessMaps.mappedBySelf(StaleLibraryCopies.PREFIX)) {
                unlink(copy);
                unlink(copy.resolveSibling(copy.getFileName() + StaleLibraryCopies.LOCK_SUFFIX));
            }
        }
        loaded = true;
    }

    private static void unlink(Path file) {
        try {
            Files.deleteIfExists(file);
        } catch (IOException e) {
            LOG.log(Level.WARNING, "cannot remove the loaded CatBoost library copy {0}: {1}; it is removed at exit"
                    + " unless the JVM is killed", file, e.toString());
        }
    }

    private static String rootCause(Throwable e) {
        Throwable t = e;
        while (t.getCause() != null && t.getCause() != t) {
            t = t.getCause();
        }
        return t.toString();
    }
}
