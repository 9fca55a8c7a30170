package dev.bliss.firewall.function;

import dev.bliss.firewall.ast.Expr;
import dev.bliss.firewall.compile.ArrayNode;
import dev.bliss.firewall.compile.BytesNode;
import dev.bliss.firewall.compile.CompileScope;
import dev.bliss.firewall.compile.IntNode;
import dev.bliss.firewall.compile.Node;
import dev.bliss.firewall.eval.ExecutionContext;
import dev.bliss.firewall.lex.Span;
import dev.bliss.firewall.types.Type;
import java.util.List;

/** {@code len(Bytes | Array<T>) -> Int}: the number of bytes, or of elements. */
final class Len implements FunctionDefinition {

    @Override
    public String name() {
        return "len";
    }

    @Override
    public Type check(List<Expr> args, Span call) {
        Arguments.count(args, 1, 1, call);
        Arguments.field(args, 0);
        Type t = args.getFirst().type();
        if (!t.equals(Type.BYTES) && !t.isArray()) {
            throw Arguments.at(args, 0, "invalid type of argument #0: expected value of type Bytes or Array<_>, but got " + t);
        }
        return Type.INT;
    }

    @Override
    public Node compile(List<Node> args, CompileScope scope) {
        Node arg = args.getFirst();
        if (arg instanceof ArrayNode array) {
            return new ArrayLength(array);
        }
        return new BytesLength((BytesNode) arg);
    }

    static final class BytesLength extends IntNode {
        private final BytesNode source;

        BytesLength(BytesNode source) {
            this.source = source;
        }

        @Override
        public boolean load(ExecutionContext c) {
            int n = source.load(c);
            if (n < 0) {
                return false;
            }
            c.intValue = n;
            return true;
        }
    }

    static final class ArrayLength extends IntNode {
        private final ArrayNode source;

        ArrayLength(ArrayNode source) {
            this.source = source;
        }

        @Override
        public boolean load(ExecutionContext c) {
            int n = source.length(c);
            if (n < 0) {
                return false;
            }
            c.intValue = n;
            return true;
        }
    }
}
