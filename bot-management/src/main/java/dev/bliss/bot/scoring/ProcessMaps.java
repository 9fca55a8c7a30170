package dev.bliss.bot.scoring;

import java.io.IOException;
import java.nio.file.DirectoryStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Set;

/**
 * Which files processes have mapped, from Linux's {@code /proc/<pid>/maps}: the one reliable
 * sign that an extracted native library belongs to a live process (a loaded library stays mapped
 * until its process ends, however it ends). Processes whose maps cannot be read (other users,
 * exited meanwhile) are skipped. Mappings of unlinked files ("(deleted)") are left out: they no
 * longer have a name in the directory.
 *
 * <p>Linux only; {@link #available()} says whether it works here. Startup only.
 */
final class ProcessMaps {

    private static final Path PROC = Path.of("/proc");
    private static final String DELETED = " (deleted)";

    private ProcessMaps() {
    }

    static boolean available() {
        return Files.isReadable(PROC.resolve("self").resolve("maps"));
    }

    /** This process's mapped files whose name starts with {@code prefix}. */
    static List<Path> mappedBySelf(String prefix) {
        Set<Path> out = new HashSet<>();
        collect(PROC.resolve("self").resolve("maps"), prefix, out);
        return new ArrayList<>(out);
    }

    /** Files whose name starts with {@code prefix} mapped by any process this user can inspect. */
    static Set<Path> mappedByAnyProcess(String prefix) {
        Set<Path> out = new HashSet<>();
        try (DirectoryStream<Path> pids = Files.newDirectoryStream(PROC, ProcessMaps::isPid)) {
            for (Path pid : pids) {
                collect(pid.resolve("maps"), prefix, out);
            }
        } catch (IOException e) {
            // /proc itself unreadable: report nothing in use; callers check available() first
        }
        return out;
    }

    private static boolean isPid(Path entry) {
        String name = entry.getFileName().toString();
        for (int i = 0; i < name.length(); i++) {
            if (name.charAt(i) < '0' || name.charAt(i) > '9') {
                return false;
            }
        }
        return !name.isEmpty();
    }

    /**
     * A maps line is "address perms offset dev inode pathname"; only the pathname can contain a
     * '/', so it starts at the first one.
     */
    private static void collect(Path maps, String prefix, Set<Path> out) {
        List<String> lines;
        try {
            lines = Files.readAllLines(maps);
        } catch (IOException | SecurityException e) {
            return; // the process exited, or belongs to someone we may not inspect
        }
        for (String line : lines) {
            int slash = line.indexOf('/');
            if (slash < 0 || line.endsWith(DELETED) || !line.contains(prefix)) {
                continue;
            }
            Path file = Path.of(line.substring(slash));
            if (file.getFileName().toString().startsWith(prefix)) {
                out.add(file);
            }
        }
    }
}
