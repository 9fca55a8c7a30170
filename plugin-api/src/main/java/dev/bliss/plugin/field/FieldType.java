package dev.bliss.plugin.field;

/**
 * The value types a detector can produce. They map one to one onto the rules language's types:
 * Bool, Int (64-bit), Float, Bytes, Ip and Array&lt;Int&gt;.
 */
public enum FieldType {
    BOOL("Bool"),
    INT("Int"),
    FLOAT("Float"),
    BYTES("Bytes"),
    IP("Ip"),
    INT_ARRAY("Array<Int>");

    private final String ruleTypeName;

    FieldType(String ruleTypeName) {
        this.ruleTypeName = ruleTypeName;
    }

    /** The type's name as the rules language writes it. */
    public String ruleTypeName() {
        return ruleTypeName;
    }
}
