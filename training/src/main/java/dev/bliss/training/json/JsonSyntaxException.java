package dev.bliss.training.json;

/** Text that is not JSON; {@link #offset()} is the character where parsing stopped. */
public final class JsonSyntaxException extends Exception {

    private final int offset;

    JsonSyntaxException(String message, int offset) {
        super(message + " at character " + (offset + 1));
        this.offset = offset;
    }

    /** Zero-based offset into the parsed text. */
    public int offset() {
        return offset;
    }
}
