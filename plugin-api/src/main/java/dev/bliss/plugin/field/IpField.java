package dev.bliss.plugin.field;

/** Handle to a field of type {@link FieldType#IP}. */
public final class IpField extends Field {

    IpField(String name, int index, int slot, FieldScheme.Key scheme) {
        super(name, index, slot, scheme);
    }

    @Override
    public FieldType type() {
        return FieldType.IP;
    }
}
