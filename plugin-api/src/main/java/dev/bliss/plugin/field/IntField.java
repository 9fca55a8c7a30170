package dev.bliss.plugin.field;

/** Handle to a field of type {@link FieldType#INT}. */
public final class IntField extends Field {

    IntField(String name, int index, int slot, FieldScheme.Key scheme) {
        super(name, index, slot, scheme);
    }

    @Override
    public FieldType type() {
        return FieldType.INT;
    }
}
