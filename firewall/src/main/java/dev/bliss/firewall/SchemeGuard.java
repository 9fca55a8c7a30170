package dev.bliss.firewall;

import dev.bliss.plugin.field.Field;
import dev.bliss.plugin.field.FieldScheme;
import dev.bliss.plugin.field.Fields;

/**
 * Refuses a field table of another scheme than the one rules were compiled against (wirefilter's
 * scheme mismatch check). A table is checked the first time it is seen, by asking it about one of
 * the scheme's own handles, which it refuses if it belongs to another scheme; a loop keeps
 * reusing its table, so the check costs a reference comparison per request.
 */
final class SchemeGuard {

    private final Field probe;
    private Fields checked;

    SchemeGuard(FieldScheme scheme) {
        this.probe = scheme.fields().isEmpty() ? null : scheme.fields().iterator().next();
    }

    void check(Fields fields) {
        if (fields == checked) {
            return;
        }
        if (probe != null) {
            try {
                fields.isSet(probe);
            } catch (IllegalArgumentException e) {
                throw new IllegalArgumentException("the field table belongs to another scheme than the rules were compiled against", e);
            }
        }
        checked = fields;
    }
}
