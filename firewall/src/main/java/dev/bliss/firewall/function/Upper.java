package dev.bliss.firewall.function;

import dev.bliss.firewall.ast.Expr;
import dev.bliss.firewall.compile.BytesNode;
import dev.bliss.firewall.compile.CompileScope;
import dev.bliss.firewall.compile.Node;
import dev.bliss.firewall.eval.Ascii;
import dev.bliss.firewall.eval.ExecutionContext;
import dev.bliss.firewall.lex.Span;
import dev.bliss.firewall.types.Type;
import java.util.List;

/** {@code upper(Bytes) -> Bytes}: ASCII letters to upper case, other bytes unchanged. */
final class Upper implements FunctionDefinition {

    @Override
    public String name() {
        return "upper";
    }

    @Override
    public Type check(List<Expr> args, Span call) {
        Arguments.count(args, 1, 1, call);
        Arguments.field(args, 0);
        Arguments.type(args, 0, Type.BYTES);
        return Type.BYTES;
    }

    @Override
    public Node compile(List<Node> args, CompileScope scope) {
        return new Call((BytesNode) args.getFirst(), scope.newScratch());
    }

    static final class Call extends BytesNode {
        private final BytesNode source;
        private final int slot;

        Call(BytesNode source, int slot) {
            this.source = source;
            this.slot = slot;
        }

        @Override
        public int load(ExecutionContext c) {
            int n = source.load(c);
            if (n < 0) {
                return MISSING;
            }
            byte[] in = c.bytes;
            byte[] out = c.scratch(slot, n);
            for (int i = 0; i < n; i++) {
                out[i] = Ascii.upper(in[i]);
            }
            c.bytes = out;
            return n;
        }
    }
}
