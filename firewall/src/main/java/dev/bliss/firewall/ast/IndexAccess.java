package dev.bliss.firewall.ast;

import dev.bliss.firewall.lex.Span;
import dev.bliss.firewall.types.Type;

/**
 * {@code target[index]}. With {@link Index.Each} the expression is mapped: its {@link #type()} is
 * the element type and a comparison on it yields {@code Array<Bool>}.
 */
public record IndexAccess(Expr target, Index index, Type type, Span span) implements Expr {

    @Override
    public boolean mapped() {
        return index instanceof Index.Each || target.mapped();
    }

    @Override
    public Type valueType() {
        return mapped() ? Type.arrayOf(type) : type;
    }
}
