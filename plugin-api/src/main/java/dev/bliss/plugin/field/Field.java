package dev.bliss.plugin.field;

/**
 * A typed handle to one field of the per-request {@link Fields} table.
 *
 * <p>Handles are made once, at startup, by a {@link FieldRegistry}; a request reads and writes
 * through them by index, never by name (the idea of wirefilter's field index). A handle belongs
 * to the {@link FieldScheme} that made it; a table of another scheme refuses it.
 */
public sealed abstract class Field permits BoolField, IntField, FloatField, BytesField, IpField, IntArrayField {

    private final String name;
    private final int index;
    private final int slot;
    final FieldScheme.Key scheme;

    Field(String name, int index, int slot, FieldScheme.Key scheme) {
        this.name = name;
        this.index = index;
        this.slot = slot;
        this.scheme = scheme;
    }

    /** The dotted name, e.g. {@code bot.score}. */
    public final String name() {
        return name;
    }

    /** The position of this field among all fields of its scheme (its presence bit). */
    public final int index() {
        return index;
    }

    /** The position of this field's value in the storage of its type. */
    public final int slot() {
        return slot;
    }

    public abstract FieldType type();

    @Override
    public final String toString() {
        return name + ':' + type().ruleTypeName();
    }
}
