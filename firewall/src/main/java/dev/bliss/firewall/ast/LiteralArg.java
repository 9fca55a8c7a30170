package dev.bliss.firewall.ast;

import dev.bliss.firewall.lex.Span;
import dev.bliss.firewall.types.Type;

/** A literal passed to a function, e.g. the {@code "/api"} of {@code starts_with(x, "/api")}. */
public record LiteralArg(Literal value, Type type, Span span) implements Expr {
}
