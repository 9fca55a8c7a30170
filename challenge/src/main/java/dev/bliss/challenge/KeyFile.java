package dev.bliss.challenge;

import dev.bliss.challenge.internal.Base64Url;
import dev.bliss.plugin.config.ConfigException;
import dev.bliss.plugin.config.Position;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.AtomicMoveNotSupportedException;
import java.nio.file.Files;
import java.nio.file.NoSuchFileException;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.nio.file.attribute.PosixFilePermissions;
import java.util.List;

/**
 * The key file: the {@link KeyRing} every proxy node of a site shares, so that a clearance one
 * node issues is accepted by all, and survives restarts.
 *
 * <pre>
 * # bliss challenge keys: written by `bliss challenge keygen`. Keep private.
 * current: 3q2-7wAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAA     (32 bytes, unpadded base64url)
 * previous: …                                             (optional: the key before the last rotation)
 * </pre>
 *
 * Rotation ({@link #rotate}) makes a new current key and keeps the old current one as previous,
 * so cookies signed before the rotation still verify; rotate again after the clearance TTL and
 * they are gone. Files are written to a temporary file first and moved over the old one, owner
 * read/write only where the file system has POSIX permissions. Errors name file and line.
 */
public final class KeyFile {

    private static final String HEADER = "# bliss challenge keys: written by `bliss challenge keygen`. Keep private.\n"
            + "# 'current' signs and verifies; 'previous' only verifies (clearances issued before the last rotation).\n";

    private KeyFile() {
    }

    public static KeyRing read(Path file) throws ConfigException {
        List<String> lines;
        try {
            lines = Files.readAllLines(file, StandardCharsets.UTF_8);
        } catch (NoSuchFileException e) {
            throw new ConfigException(Position.builtIn(file.toString()), "challenge.key_file",
                    "key file not found; write one with `bliss challenge keygen --key-file " + file + '`');
        } catch (IOException e) {
            throw new ConfigException(Position.builtIn(file.toString()), "challenge.key_file", "cannot read: " + e.getMessage());
        }
        byte[] current = null;
        byte[] previous = null;
        for (int i = 0; i < lines.size(); i++) {
            String line = lines.get(i).strip();
            if (line.isEmpty() || line.startsWith("#")) {
                continue;
            }
            Position at = new Position(file.toString(), i + 1, 1);
            int colon = line.indexOf(':');
            if (colon < 0) {
                throw new ConfigException(at, "", "expected \"current: <key>\" or \"previous: <key>\", got \"" + shorten(line) + '"');
            }
            String name = line.substring(0, colon).strip();
            String value = line.substring(colon + 1).strip();
            byte[] key = new byte[KeyRing.KEY_LENGTH + 1];
            int length = Base64Url.decode(value, 0, value.length(), key);
            if (length != KeyRing.KEY_LENGTH) {
                throw new ConfigException(new Position(file.toString(), i + 1, colon + 2), name,
                        "a key is " + KeyRing.KEY_LENGTH + " bytes of unpadded base64url (43 characters), got "
                                + (length < 0 ? "text that is not base64url" : length + " bytes"));
            }
            key = java.util.Arrays.copyOf(key, KeyRing.KEY_LENGTH);
            switch (name) {
                case "current" -> {
                    if (current != null) {
                        throw new ConfigException(at, name, "given twice");
                    }
                    current = key;
                }
                case "previous" -> {
                    if (previous != null) {
                        throw new ConfigException(at, name, "given twice");
                    }
                    previous = key;
                }
                default -> throw new ConfigException(at, name, "unknown key (expected current or previous)");
            }
        }
        if (current == null) {
            throw new ConfigException(new Position(file.toString(), Math.max(1, lines.size()), 1), "current",
                    "required key is missing: the file has no current key");
        }
        return KeyRing.of(current, previous);
    }

    public static void write(Path file, KeyRing keys) throws IOException {
        StringBuilder text = new StringBuilder(HEADER);
        text.append("current: ").append(Base64Url.encode(keys.current(), 0, KeyRing.KEY_LENGTH)).append('\n');
        byte[] previous = keys.previous();
        if (previous != null) {
            text.append("previous: ").append(Base64Url.encode(previous, 0, KeyRing.KEY_LENGTH)).append('\n');
        }
        Path dir = file.toAbsolutePath().getParent();
        Files.createDirectories(dir);
        Path tmp = Files.createTempFile(dir, ".challenge-key", ".tmp");
        try {
            try {
                Files.setPosixFilePermissions(tmp, PosixFilePermissions.fromString("rw-------"));
            } catch (UnsupportedOperationException e) {
                // not a POSIX file system: the directory's permissions are what protect it
            }
            Files.writeString(tmp, text, StandardCharsets.UTF_8);
            try {
                Files.move(tmp, file, StandardCopyOption.REPLACE_EXISTING, StandardCopyOption.ATOMIC_MOVE);
            } catch (AtomicMoveNotSupportedException e) {
                Files.move(tmp, file, StandardCopyOption.REPLACE_EXISTING);
            }
        } finally {
            Files.deleteIfExists(tmp);
        }
    }

    /**
     * Writes a new current key; the file's old current key (if the file exists) becomes the
     * previous one, and the old previous key is dropped.
     *
     * @return the ring now in the file
     */
    public static KeyRing rotate(Path file) throws IOException, ConfigException {
        byte[] previous = Files.exists(file) ? read(file).current() : null;
        KeyRing ring = KeyRing.of(KeyRing.newKey(), previous);
        write(file, ring);
        return ring;
    }

    private static String shorten(String line) {
        // a malformed line may be a key: show its start only
        return line.length() <= 12 ? line : line.substring(0, 12) + "…";
    }
}
