package dev.bliss.firewall.function;

import dev.bliss.firewall.ast.Expr;
import dev.bliss.firewall.compile.BoolNode;
import dev.bliss.firewall.compile.BytesNode;
import dev.bliss.firewall.compile.CompileScope;
import dev.bliss.firewall.compile.Constants.ConstBytes;
import dev.bliss.firewall.compile.Node;
import dev.bliss.firewall.eval.ExecutionContext;
import dev.bliss.firewall.lex.Span;
import dev.bliss.firewall.types.Type;
import java.util.Arrays;
import java.util.List;

/** {@code starts_with(Bytes, "literal") -> Bool}; false when the value is missing. */
final class StartsWith implements FunctionDefinition {

    @Override
    public String name() {
        return "starts_with";
    }

    @Override
    public Type check(List<Expr> args, Span call) {
        Arguments.count(args, 2, 2, call);
        Arguments.field(args, 0);
        Arguments.type(args, 0, Type.BYTES);
        Arguments.literal(args, 1);
        Arguments.type(args, 1, Type.BYTES);
        return Type.BOOL;
    }

    @Override
    public Node compile(List<Node> args, CompileScope scope) {
        return new Call((BytesNode) args.get(0), ((ConstBytes) args.get(1)).value());
    }

    static final class Call extends BoolNode {
        private final BytesNode source;
        private final byte[] prefix;

        Call(BytesNode source, byte[] prefix) {
            this.source = source;
            this.prefix = prefix;
        }

        @Override
        public boolean test(ExecutionContext c) {
            int n = source.load(c);
            int m = prefix.length;
            return n >= m && Arrays.equals(c.bytes, 0, m, prefix, 0, m);
        }
    }
}
