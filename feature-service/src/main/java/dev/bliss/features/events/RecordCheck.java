package dev.bliss.features.events;

/** The verdict on one record of the ring: readable, or why it is skipped. */
public enum RecordCheck {
    OK("ok"),
    /** A message type other than a request event. */
    UNKNOWN_TYPE("unknown_type"),
    /** A body version this reader does not know. */
    UNKNOWN_VERSION("unknown_version"),
    /** A length that does not match the key count, or a key count beyond the layout's limit. */
    BAD_LENGTH("bad_length"),
    /** Written by a proxy with another feature schema: keys in other places, or other dimensions. */
    SCHEMA_MISMATCH("schema_mismatch");

    private final String text;

    RecordCheck(String text) {
        this.text = text;
    }

    /** As a metric tag. */
    public String text() {
        return text;
    }
}
