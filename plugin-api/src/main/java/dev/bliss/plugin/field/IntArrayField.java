package dev.bliss.plugin.field;

/**
 * Handle to a field of type {@link FieldType#INT_ARRAY}: at most {@link #maxLength()} 64-bit
 * integers, appended one by one; further values are dropped.
 */
public final class IntArrayField extends Field {

    private final int maxLength;

    IntArrayField(String name, int index, int slot, FieldScheme.Key scheme, int maxLength) {
        super(name, index, slot, scheme);
        this.maxLength = maxLength;
    }

    public int maxLength() {
        return maxLength;
    }

    @Override
    public FieldType type() {
        return FieldType.INT_ARRAY;
    }
}
