package dev.bliss.features.admin;

import dev.bliss.features.importer.ImportFormat;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Locale;

/**
 * What {@code POST /import} accepts: the data in the request body, of a content type that names
 * its format, up to {@code maxBytes}; or, only when an import directory is configured, a file
 * in it named by {@code ?source=}. Never an arbitrary local path, never a URL (the endpoint
 * would fetch whatever its caller names: SSRF), never a body of a type a cross-site form can
 * send (text/plain, form encodings), which is what makes a cross-site post need a preflight that
 * this endpoint never grants.
 *
 * @param directory the directory {@code ?source=} files are read from (its real path), or null
 * @param maxBytes  the largest body or file imported
 */
record ImportPolicy(Path directory, long maxBytes) {

    /** Default largest import: 256 MiB. */
    static final long DEFAULT_MAX_BYTES = 256L << 20;

    /** The format a body's content type names, or null when it names none we read. */
    static ImportFormat bodyFormat(String contentType) {
        if (contentType == null) {
            return null;
        }
        int semicolon = contentType.indexOf(';');
        String type = (semicolon < 0 ? contentType : contentType.substring(0, semicolon)).strip().toLowerCase(Locale.ROOT);
        return switch (type) {
            case "text/csv" -> ImportFormat.CSV;
            case "application/x-ndjson", "application/jsonl", "application/jsonlines", "application/json" -> ImportFormat.JSON_LINES;
            default -> null;
        };
    }

    /**
     * The file {@code source} names inside the import directory.
     *
     * @throws IllegalArgumentException with the reason to refuse it (for a 403)
     */
    Path file(String source) throws IOException {
        if (directory == null) {
            throw new IllegalArgumentException("imports from files are off: set feature_service.admin.import_directory,"
                    + " or send the data as the request body");
        }
        if (source.contains("://")) {
            throw new IllegalArgumentException("source must be a file in the import directory, not a URL");
        }
        Path candidate = directory.resolve(source).normalize();
        if (!candidate.startsWith(directory)) {
            throw new IllegalArgumentException("source must be a file in the import directory");
        }
        Path real = candidate.toRealPath(); // a symbolic link out of the directory is refused too
        if (!real.startsWith(directory) || !Files.isRegularFile(real)) {
            throw new IllegalArgumentException("source must be a file in the import directory");
        }
        return real;
    }
}
