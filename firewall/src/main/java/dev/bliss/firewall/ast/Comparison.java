package dev.bliss.firewall.ast;

import dev.bliss.firewall.lex.Span;
import dev.bliss.firewall.types.Type;

/** {@code lhs op rhs}; of type {@code Bool}, or {@code Array<Bool>} when the left side is mapped. */
public record Comparison(Expr lhs, ComparisonOp op, Literal rhs, Type type, Span span) implements Expr {
}
