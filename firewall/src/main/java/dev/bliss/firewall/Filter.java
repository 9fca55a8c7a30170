package dev.bliss.firewall;

import dev.bliss.firewall.ast.Expr;
import dev.bliss.firewall.ast.ExprPrinter;
import dev.bliss.firewall.ast.Parser;
import dev.bliss.firewall.check.FieldCatalog;
import dev.bliss.firewall.compile.BoolNode;
import dev.bliss.firewall.compile.CompileScope;
import dev.bliss.firewall.compile.Compiler;
import dev.bliss.firewall.eval.ContextLayout;
import dev.bliss.firewall.eval.ExecutionContext;
import dev.bliss.firewall.lex.LexException;
import dev.bliss.plugin.RequestView;
import dev.bliss.plugin.field.FieldScheme;
import dev.bliss.plugin.field.Fields;
import java.util.Set;

/**
 * One compiled expression of the rules language, on its own (a {@link RuleSet} compiles many
 * together). For tools and tests: {@code bliss rules eval} uses it to report each rule's match.
 *
 * <pre>{@code
 * Filter f = Filter.compile("bot.score lt 30 and not bot.verified", scheme);
 * Filter.Matcher m = f.newMatcher();          // one per thread
 * boolean hit = m.matches(request, fields);   // fields: a table of the same scheme
 * }</pre>
 *
 * <p>Immutable and thread-safe; a {@link Matcher} belongs to one thread.
 */
public final class Filter {

    private final String expression;
    private final Expr tree;
    private final BoolNode root;
    private final ContextLayout layout;
    private final Set<String> usedFields;
    private final FieldScheme scheme;

    private Filter(String expression, Expr tree, BoolNode root, CompileScope scope, FieldScheme scheme) {
        this.expression = expression;
        this.tree = tree;
        this.root = root;
        this.layout = scope.layout();
        this.usedFields = Set.copyOf(scope.usedFields());
        this.scheme = scheme;
    }

    public static Filter compile(String expression, FieldScheme scheme) throws FilterException {
        return compile(expression, scheme, NamedLists.empty());
    }

    /**
     * Parses, checks and compiles {@code expression} against the fields of {@code scheme} (plus
     * the request fields and Cloudflare aliases) and the named {@code lists}.
     *
     * @throws FilterException in wirefilter's format, with line, column and carets
     */
    public static Filter compile(String expression, FieldScheme scheme, NamedLists lists) throws FilterException {
        FieldCatalog catalog = FieldCatalog.of(scheme);
        CompileScope scope = new CompileScope();
        Expr tree;
        try {
            tree = Parser.parse(expression, catalog, lists.types(), scope.patterns());
        } catch (LexException e) {
            throw FilterException.of(expression, e);
        }
        BoolNode root = new Compiler(scope, catalog, lists.sets()).compile(tree);
        return new Filter(expression, tree, root, scope, scheme);
    }

    public String expression() {
        return expression;
    }

    /** The expression written back in canonical form (English operators); parses to the same tree. */
    public String canonical() {
        return ExprPrinter.print(tree);
    }

    /** The fields the expression reads, by canonical name (aliases resolved). */
    public Set<String> usedFields() {
        return usedFields;
    }

    public FieldScheme scheme() {
        return scheme;
    }

    public Matcher newMatcher() {
        return new Matcher();
    }

    /** Evaluates the filter; owns the evaluation buffers, so one per thread. */
    public final class Matcher {

        private final ExecutionContext context = new ExecutionContext(layout);
        private final SchemeGuard guard = new SchemeGuard(scheme);

        private Matcher() {
        }

        /**
         * Whether the request matches. Allocates nothing once warm.
         *
         * @throws IllegalArgumentException when {@code fields} is a table of another scheme
         */
        public boolean matches(RequestView request, Fields fields) {
            guard.check(fields);
            context.begin(request, fields);
            return root.test(context);
        }
    }
}
