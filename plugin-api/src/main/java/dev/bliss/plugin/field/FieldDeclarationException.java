package dev.bliss.plugin.field;

/** A field declaration that cannot stand: a bad name, a duplicate producer, a missing producer. */
public final class FieldDeclarationException extends RuntimeException {

    private static final long serialVersionUID = 1L;

    public FieldDeclarationException(String message) {
        super(message);
    }
}
