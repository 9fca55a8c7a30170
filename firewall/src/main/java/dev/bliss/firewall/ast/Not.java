package dev.bliss.firewall.ast;

import dev.bliss.firewall.lex.Span;
import dev.bliss.firewall.types.Type;

/** {@code not x} / {@code !x}: negation of a Bool, or element-wise of an {@code Array<Bool>}. */
public record Not(Expr operand, Type type, Span span) implements Expr {
}
