package dev.bliss.features.importer;

import java.util.Locale;

/** The text formats a bulk import reads. */
public enum ImportFormat {
    /**
     * Comma-separated, one feature value per line, with the header {@code dimension,key,feature,value};
     * fields may be double-quoted (RFC 4180, {@code ""} for a quote; no line breaks inside).
     */
    CSV,
    /**
     * One JSON object per line: {@code {"dimension": "ip", "key": "203.0.113.7",
     * "features": {"reqs_10m": 12, "distinct_ua_10m": 3}}}.
     */
    JSON_LINES;

    /** The format a file name or URL implies: {@code .csv} is CSV, anything else JSON lines. */
    public static ImportFormat fromName(String name) {
        String lower = name.toLowerCase(Locale.ROOT);
        int query = lower.indexOf('?');
        String path = query >= 0 ? lower.substring(0, query) : lower;
        return path.endsWith(".csv") ? CSV : JSON_LINES;
    }

    /** {@code csv}, {@code jsonl} (also {@code json}, {@code ndjson}), or null. */
    public static ImportFormat byName(String name) {
        return switch (name.toLowerCase(Locale.ROOT)) {
            case "csv" -> CSV;
            case "jsonl", "json", "ndjson", "json_lines" -> JSON_LINES;
            default -> null;
        };
    }
}
