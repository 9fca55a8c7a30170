package dev.bliss.plugin.field;

/**
 * Handle to a field of type {@link FieldType#BYTES}. Its storage is a byte array of
 * {@link #maxLength()} made once per table; longer values are truncated.
 */
public final class BytesField extends Field {

    private final int maxLength;

    BytesField(String name, int index, int slot, FieldScheme.Key scheme, int maxLength) {
        super(name, index, slot, scheme);
        this.maxLength = maxLength;
    }

    public int maxLength() {
        return maxLength;
    }

    @Override
    public FieldType type() {
        return FieldType.BYTES;
    }
}
