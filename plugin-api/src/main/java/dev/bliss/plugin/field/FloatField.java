package dev.bliss.plugin.field;

/** Handle to a field of type {@link FieldType#FLOAT}. */
public final class FloatField extends Field {

    FloatField(String name, int index, int slot, FieldScheme.Key scheme) {
        super(name, index, slot, scheme);
    }

    @Override
    public FieldType type() {
        return FieldType.FLOAT;
    }
}
