package dev.bliss.firewall.ast;

import dev.bliss.firewall.lex.Span;
import dev.bliss.firewall.types.Type;
import java.util.List;

/**
 * A call of a built-in function. When the first argument is mapped ({@code lower(x[*])}), the
 * call is applied to each element and its type is an array of the function's result.
 */
public record FunctionCall(String name, List<Expr> args, Type type, Span span) implements Expr {

    public FunctionCall {
        args = List.copyOf(args);
    }

    /** Whether the function is applied element by element to a mapped first argument. */
    public boolean mapsFirstArgument() {
        return !args.isEmpty() && args.getFirst().mapped();
    }
}
