package dev.bliss.firewall.ast;

import dev.bliss.firewall.lex.Span;
import dev.bliss.firewall.types.Type;
import java.util.List;

/**
 * A chain of one logical operator, flattened: {@code a and b and c} is one node with three items.
 * Items are all {@code Bool}, or all {@code Array<Bool>} (element-wise, truncated to the shortest).
 */
public record Logical(LogicalOp op, List<Expr> items, Type type, Span span) implements Expr {

    public Logical {
        items = List.copyOf(items);
    }
}
