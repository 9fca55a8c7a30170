package dev.bliss.firewall.ast;

import dev.bliss.firewall.lex.Span;
import dev.bliss.firewall.types.Type;

/**
 * A node of a parsed filter. Every node knows its source span and its type; the parser is
 * type-directed (which literal follows an operator depends on the type on its left), so types are
 * settled while parsing, as in wirefilter.
 *
 * <pre>
 *   Logical(or|xor|and, items…)   Not(operand)   Group(inner)   Quantifier(any|all, argument)
 *   Comparison(lhs, op, rhs)      FieldRef(name)   FunctionCall(name, args…)
 *   IndexAccess(target, [0] | ["key"] | [*])   LiteralArg(literal) (function arguments only)
 * </pre>
 *
 * <p>Equality of records includes spans; {@link ExprPrinter#dump} gives a span-free structure for
 * comparing trees.
 */
public sealed interface Expr permits FieldRef, FunctionCall, IndexAccess, Comparison, Not, Logical, Group, Quantifier, LiteralArg {

    Span span();

    /** The type of the node's value; for a mapped index expression ({@code x[*]}), the element type. */
    Type type();

    /**
     * The type the node has as an operand of {@code and}/{@code or}/{@code any}: its type, or
     * {@code Array<T>} for a mapped index expression.
     */
    default Type valueType() {
        return type();
    }

    /** Whether the value is mapped over an array with {@code [*]}. */
    default boolean mapped() {
        return false;
    }
}
