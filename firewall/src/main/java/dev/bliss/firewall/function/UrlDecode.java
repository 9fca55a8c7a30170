package dev.bliss.firewall.function;

import dev.bliss.firewall.ast.Expr;
import dev.bliss.firewall.ast.Literal;
import dev.bliss.firewall.ast.LiteralArg;
import dev.bliss.firewall.compile.BytesNode;
import dev.bliss.firewall.compile.CompileScope;
import dev.bliss.firewall.compile.Constants.ConstBytes;
import dev.bliss.firewall.compile.Node;
import dev.bliss.firewall.eval.ExecutionContext;
import dev.bliss.firewall.lex.Span;
import dev.bliss.firewall.types.Type;
import java.util.List;

/**
 * {@code url_decode(Bytes [, "options"]) -> Bytes}: {@code %XX} to its byte and {@code +} to a
 * space; a malformed escape is kept as it is. Options (Cloudflare's): {@code r} decodes
 * repeatedly until nothing changes ({@code %2520} → space), {@code u} also decodes
 * {@code %uXXXX} to UTF-8.
 */
final class UrlDecode implements FunctionDefinition {

    @Override
    public String name() {
        return "url_decode";
    }

    @Override
    public Type check(List<Expr> args, Span call) {
        Arguments.count(args, 1, 2, call);
        Arguments.field(args, 0);
        Arguments.type(args, 0, Type.BYTES);
        if (args.size() == 2) {
            Arguments.literal(args, 1);
            Arguments.type(args, 1, Type.BYTES);
            String options = ((Literal.BytesLiteral) ((LiteralArg) args.get(1)).value()).value().toUtf8();
            if (!options.chars().allMatch(ch -> ch == 'r' || ch == 'u')) {
                throw Arguments.at(args, 1, "invalid value of argument #1: options may only contain r and u");
            }
        }
        return Type.BYTES;
    }

    @Override
    public Node compile(List<Node> args, CompileScope scope) {
        String options = args.size() == 2 ? new String(((ConstBytes) args.get(1)).value(), java.nio.charset.StandardCharsets.US_ASCII) : "";
        return new Call((BytesNode) args.getFirst(), scope.newScratch(), scope.newScratch(),
                options.indexOf('r') >= 0, options.indexOf('u') >= 0);
    }

    static final class Call extends BytesNode {
        private final BytesNode source;
        private final int slotA;
        private final int slotB;
        private final boolean recursive;
        private final boolean unicode;

        Call(BytesNode source, int slotA, int slotB, boolean recursive, boolean unicode) {
            this.source = source;
            this.slotA = slotA;
            this.slotB = slotB;
            this.recursive = recursive;
            this.unicode = unicode;
        }

        @Override
        public int load(ExecutionContext c) {
            int n = source.load(c);
            if (n < 0) {
                return MISSING;
            }
            byte[] in = c.bytes;
            byte[] out = c.scratch(slotA, n);
            int length = decode(in, n, out);
            // decoding only shrinks; with "r", repeat between two buffers while it still changes
            int other = slotB;
            int current = slotA;
            while (recursive && length < n) {
                n = length;
                in = out;
                out = c.scratch(other, n);
                length = decode(in, n, out);
                int t = other;
                other = current;
                current = t;
            }
            c.bytes = out;
            return length;
        }

        private int decode(byte[] in, int n, byte[] out) {
            int o = 0;
            for (int i = 0; i < n; i++) {
                byte b = in[i];
                if (b == '+') {
                    out[o++] = ' ';
                } else if (b == '%' && i + 2 < n && hex(in[i + 1]) >= 0 && hex(in[i + 2]) >= 0) {
                    out[o++] = (byte) (hex(in[i + 1]) << 4 | hex(in[i + 2]));
                    i += 2;
                } else if (unicode && b == '%' && i + 5 < n && (in[i + 1] == 'u' || in[i + 1] == 'U')
                        && hex(in[i + 2]) >= 0 && hex(in[i + 3]) >= 0 && hex(in[i + 4]) >= 0 && hex(in[i + 5]) >= 0) {
                    int cp = hex(in[i + 2]) << 12 | hex(in[i + 3]) << 8 | hex(in[i + 4]) << 4 | hex(in[i + 5]);
                    o = utf8(cp, out, o);
                    i += 5;
                } else {
                    out[o++] = b;
                }
            }
            return o;
        }

        /** Writes a BMP code point as UTF-8; never longer than the 6 bytes of its escape. */
        private static int utf8(int cp, byte[] out, int o) {
            if (cp < 0x80) {
                out[o++] = (byte) cp;
            } else if (cp < 0x800) {
                out[o++] = (byte) (0xC0 | cp >> 6);
                out[o++] = (byte) (0x80 | cp & 0x3F);
            } else {
                out[o++] = (byte) (0xE0 | cp >> 12);
                out[o++] = (byte) (0x80 | cp >> 6 & 0x3F);
                out[o++] = (byte) (0x80 | cp & 0x3F);
            }
            return o;
        }

        private static int hex(byte b) {
            if (b >= '0' && b <= '9') {
                return b - '0';
            }
            if (b >= 'a' && b <= 'f') {
                return b - 'a' + 10;
            }
            if (b >= 'A' && b <= 'F') {
                return b - 'A' + 10;
            }
            return -1;
        }
    }
}
