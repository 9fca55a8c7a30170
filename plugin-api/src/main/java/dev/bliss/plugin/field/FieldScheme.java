package dev.bliss.plugin.field;

import java.util.Collection;
import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.Map;

/**
 * The frozen set of fields of one pipeline: every field any detector produces, with its type and
 * storage slot. Made by {@link FieldSchemeBuilder#build()}; makes the per-event-loop
 * {@link Fields} tables.
 *
 * <p>Immutable and thread-safe. A rule set is compiled against one scheme and refuses tables of
 * another.
 */
public final class FieldScheme {

    /** Identity of a scheme; handles and tables carry it so a mix-up is detected. */
    static final class Key {
    }

    final Key key = new Key();
    private final Map<String, Field> byName = new LinkedHashMap<>();
    int scalarSlots;
    int ipSlots;
    int bytesSlots;
    int arraySlots;
    int attachments;
    int[] bytesMaxLengths = new int[0];
    int[] arrayMaxLengths = new int[0];

    FieldScheme() {
    }

    void add(Field field) {
        byName.put(field.name(), field);
    }

    /** The field called {@code name}, or {@code null}. */
    public Field field(String name) {
        return byName.get(name);
    }

    /** All fields in declaration order. */
    public Collection<Field> fields() {
        return Collections.unmodifiableCollection(byName.values());
    }

    public int size() {
        return byName.size();
    }

    /** Whether {@code field} is a handle of this scheme. */
    public boolean owns(Field field) {
        return field.scheme == key;
    }

    /** A new, empty table for one event loop. Allocates all its storage now, once. */
    public Fields newTable() {
        return new Fields(this);
    }
}
