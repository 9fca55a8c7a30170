package dev.bliss.firewall.function;

import dev.bliss.firewall.ast.Expr;
import dev.bliss.firewall.compile.CompileScope;
import dev.bliss.firewall.compile.Node;
import dev.bliss.firewall.lex.Span;
import dev.bliss.firewall.types.Type;
import java.util.List;

/**
 * A built-in function: its argument rules and its compiled node. When the first argument is
 * mapped ({@code lower(x[*])}) the compiler applies the function to each element: {@link #check}
 * sees the element type, {@link #compile} gets a node for the current element, and the call's
 * type becomes an array of the result.
 */
public interface FunctionDefinition {

    String name();

    /**
     * Checks the arguments and returns the result type.
     *
     * @throws dev.bliss.firewall.lex.LexException at the offending argument (or the whole call for
     *         a wrong count), with wirefilter's wording
     */
    Type check(List<Expr> args, Span call);

    /**
     * The node computing the call from compiled arguments; a literal argument arrives as a
     * {@link dev.bliss.firewall.compile.Constants} node.
     */
    Node compile(List<Node> args, CompileScope scope);
}
