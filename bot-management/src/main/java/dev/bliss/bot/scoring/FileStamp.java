package dev.bliss.bot.scoring;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.BasicFileAttributes;

/**
 * What tells a model file's versions apart without reading it: modification time, size and the
 * file key (device and inode on Linux, so an atomic rename of a new file over the old one is a
 * change even when time and size happen to match). A missing or unreadable file has its own
 * stamp, so its disappearance is a change too.
 */
record FileStamp(long modifiedNanos, long size, Object fileKey) {

    static final FileStamp MISSING = new FileStamp(-1, -1, null);

    static FileStamp of(Path file) {
        try {
            BasicFileAttributes a = Files.readAttributes(file, BasicFileAttributes.class);
            return new FileStamp(a.lastModifiedTime().to(java.util.concurrent.TimeUnit.NANOSECONDS), a.size(), a.fileKey());
        } catch (IOException e) {
            return MISSING;
        }
    }
}
