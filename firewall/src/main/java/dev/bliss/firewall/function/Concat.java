package dev.bliss.firewall.function;

import dev.bliss.firewall.ast.Expr;
import dev.bliss.firewall.compile.BytesNode;
import dev.bliss.firewall.compile.CompileScope;
import dev.bliss.firewall.compile.Node;
import dev.bliss.firewall.eval.ExecutionContext;
import dev.bliss.firewall.lex.Span;
import dev.bliss.firewall.types.Type;
import java.util.List;

/** {@code concat(Bytes, Bytes, …) -> Bytes}: two or more values joined; missing if any is. */
final class Concat implements FunctionDefinition {

    @Override
    public String name() {
        return "concat";
    }

    @Override
    public Type check(List<Expr> args, Span call) {
        Arguments.count(args, 2, -1, call);
        for (int i = 0; i < args.size(); i++) {
            Arguments.type(args, i, Type.BYTES);
        }
        return Type.BYTES;
    }

    @Override
    public Node compile(List<Node> args, CompileScope scope) {
        return new Call(args.stream().map(BytesNode.class::cast).toArray(BytesNode[]::new), scope.newScratch());
    }

    static final class Call extends BytesNode {
        private final BytesNode[] parts;
        private final int slot;

        Call(BytesNode[] parts, int slot) {
            this.parts = parts;
            this.slot = slot;
        }

        @Override
        public int load(ExecutionContext c) {
            int length = 0;
            for (BytesNode part : parts) {
                int n = part.load(c);
                if (n < 0) {
                    return MISSING;
                }
                byte[] src = c.bytes;
                byte[] out = c.scratchKeeping(slot, length + n, length);
                System.arraycopy(src, 0, out, length, n);
                length += n;
            }
            c.bytes = c.scratch(slot, length);
            return length;
        }
    }
}
