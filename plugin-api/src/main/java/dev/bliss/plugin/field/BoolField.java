package dev.bliss.plugin.field;

/** Handle to a field of type {@link FieldType#BOOL}. */
public final class BoolField extends Field {

    BoolField(String name, int index, int slot, FieldScheme.Key scheme) {
        super(name, index, slot, scheme);
    }

    @Override
    public FieldType type() {
        return FieldType.BOOL;
    }
}
