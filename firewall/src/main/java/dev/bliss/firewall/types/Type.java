package dev.bliss.firewall.types;

import dev.bliss.plugin.field.FieldType;
import java.util.Objects;

/**
 * A value type of the rules language: {@code Bool}, {@code Int}, {@code Float} (a bliss
 * extension for detector signals), {@code Bytes}, {@code Ip}, {@code Array<T>} and {@code Map<T>}.
 *
 * <p>Printed the way error messages show it, e.g. {@code Array<Bool>}. Immutable.
 */
public final class Type {

    /** What a type is, without its element. */
    public enum Kind {
        BOOL, INT, FLOAT, BYTES, IP, ARRAY, MAP
    }

    public static final Type BOOL = new Type(Kind.BOOL, null);
    public static final Type INT = new Type(Kind.INT, null);
    public static final Type FLOAT = new Type(Kind.FLOAT, null);
    public static final Type BYTES = new Type(Kind.BYTES, null);
    public static final Type IP = new Type(Kind.IP, null);
    public static final Type BOOL_ARRAY = arrayOf(BOOL);

    private final Kind kind;
    private final Type element;

    private Type(Kind kind, Type element) {
        this.kind = kind;
        this.element = element;
    }

    public static Type arrayOf(Type element) {
        return new Type(Kind.ARRAY, Objects.requireNonNull(element));
    }

    public static Type mapOf(Type element) {
        return new Type(Kind.MAP, Objects.requireNonNull(element));
    }

    /** The rules type of a detector field. */
    public static Type of(FieldType fieldType) {
        return switch (fieldType) {
            case BOOL -> BOOL;
            case INT -> INT;
            case FLOAT -> FLOAT;
            case BYTES -> BYTES;
            case IP -> IP;
            case INT_ARRAY -> arrayOf(INT);
        };
    }

    public Kind kind() {
        return kind;
    }

    /** The element type of an array or map; {@code null} for scalars. */
    public Type element() {
        return element;
    }

    public boolean isArray() {
        return kind == Kind.ARRAY;
    }

    public boolean isMap() {
        return kind == Kind.MAP;
    }

    /** {@code Bool} or an array whose element is {@code Bool}: what a logical operator accepts. */
    public boolean isBoolArray() {
        return kind == Kind.ARRAY && element.kind == Kind.BOOL;
    }

    @Override
    public boolean equals(Object o) {
        return o instanceof Type t && t.kind == kind && Objects.equals(t.element, element);
    }

    @Override
    public int hashCode() {
        return kind.hashCode() * 31 + Objects.hashCode(element);
    }

    @Override
    public String toString() {
        return switch (kind) {
            case BOOL -> "Bool";
            case INT -> "Int";
            case FLOAT -> "Float";
            case BYTES -> "Bytes";
            case IP -> "Ip";
            case ARRAY -> "Array<" + element + '>';
            case MAP -> "Map<" + element + '>';
        };
    }
}
