package dev.bliss.firewall.ast;

import dev.bliss.firewall.lex.Span;
import dev.bliss.firewall.types.Type;

/** A parenthesized expression, kept so that printing gives back the grouping that was written. */
public record Group(Expr inner, Span span) implements Expr {

    @Override
    public Type type() {
        return inner.type();
    }

    @Override
    public Type valueType() {
        return inner.valueType();
    }
}
