package dev.bliss.firewall.ast;

import dev.bliss.firewall.lex.Span;
import dev.bliss.firewall.types.Type;

/** A field, by the name written in the filter (an alias stays an alias here). */
public record FieldRef(String name, Type type, Span span) implements Expr {
}
