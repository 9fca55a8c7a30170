package dev.bliss.plugin.config;

/**
 * A configuration error. The message starts with the position and the dotted key path, for
 * example {@code config/bliss.yaml:12:5: listeners[0].port: expected an integer, got "80a"}.
 */
public final class ConfigException extends Exception {

    private static final long serialVersionUID = 1L;

    private final Position position;
    private final String key;
    private final String reason;

    public ConfigException(Position position, String key, String reason) {
        super(position + ": " + (key.isEmpty() ? "" : key + ": ") + reason);
        this.position = position;
        this.key = key;
        this.reason = reason;
    }

    public Position position() {
        return position;
    }

    /** The dotted path of the offending key, empty for the document itself. */
    public String key() {
        return key;
    }

    /** The message without position and key. */
    public String reason() {
        return reason;
    }
}
