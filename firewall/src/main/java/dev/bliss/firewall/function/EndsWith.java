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

/** {@code ends_with(Bytes, "literal") -> Bool}; false when the value is missing. */
final class EndsWith implements FunctionDefinition {

    @Override
    public String name() {
        return "ends_with";
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
        private final byte[] suffix;

        Call(BytesNode source, byte[] suffix) {
            this.source = source;
            this.suffix = suffix;
        }

        @Override
        public boolean test(ExecutionContext c) {
            int n = source.load(c);
            int m = suffix.length;
            return n >= m && Arrays.equals(c.bytes, n - m, n, suffix, 0, m);
        }
    }
}
