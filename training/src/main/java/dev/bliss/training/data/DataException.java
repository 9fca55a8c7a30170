package dev.bliss.training.data;

/** Input that cannot be read as training data; the message starts with file:line where there is one. */
public final class DataException extends Exception {

    public DataException(String message) {
        super(message);
    }

    public DataException(String message, Throwable cause) {
        super(message, cause);
    }
}
