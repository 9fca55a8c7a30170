package dev.bliss.firewall.check;

import dev.bliss.firewall.ast.ComparisonOp;
import dev.bliss.firewall.types.Type;

/**
 * The operator × type matrix of the rules language (wirefilter's, plus Float):
 *
 * <pre>
 *   Bytes   eq ne lt le gt ge   contains  matches ~  wildcard  strict wildcard  in {…} / $list
 *   Int     eq ne lt le gt ge   &amp; bitwise_and                                   in {…} / $list
 *   Ip      eq ne lt le gt ge                                                    in {…} / $list
 *   Float   eq ne lt le gt ge                               (bliss extension; no sets)
 *   Bool, Array&lt;Bool&gt;   no operator: the value itself is the condition
 *   other arrays and maps   index ([0], ["key"]) or map ([*]) first
 * </pre>
 */
public final class TypeRules {

    private TypeRules() {
    }

    public static boolean supports(Type lhs, ComparisonOp op) {
        return switch (lhs.kind()) {
            case BYTES -> op != ComparisonOp.BITWISE_AND;
            case INT -> op.isOrdering() || op == ComparisonOp.BITWISE_AND || op == ComparisonOp.IN;
            case IP -> op.isOrdering() || op == ComparisonOp.IN;
            case FLOAT -> op.isOrdering();
            default -> false;
        };
    }

    /** Whether two operands may be joined by a logical operator: Bool with Bool, array with array. */
    public static boolean combinable(Type left, Type right) {
        return left.equals(Type.BOOL) && right.equals(Type.BOOL) || left.isArray() && right.isArray();
    }

    /** Types a named list can hold. */
    public static boolean listable(Type t) {
        return t.equals(Type.INT) || t.equals(Type.IP) || t.equals(Type.BYTES);
    }
}
