package dev.bliss.firewall.function;

import dev.bliss.firewall.ast.Expr;
import dev.bliss.firewall.compile.BoolNode;
import dev.bliss.firewall.compile.BytesNode;
import dev.bliss.firewall.compile.CompileScope;
import dev.bliss.firewall.compile.IntNode;
import dev.bliss.firewall.compile.IpNode;
import dev.bliss.firewall.compile.Node;
import dev.bliss.firewall.eval.ExecutionContext;
import dev.bliss.firewall.lex.Span;
import dev.bliss.firewall.types.Type;
import java.util.List;

/**
 * {@code to_string(Int | Bool | Ip | Bytes) -> Bytes}: decimal, {@code true}/{@code false}, the
 * canonical address text (RFC 5952 for IPv6), or the bytes themselves. Written into a scratch
 * buffer digit by digit, without allocating.
 */
final class ToString implements FunctionDefinition {

    private static final byte[] TRUE = {'t', 'r', 'u', 'e'};
    private static final byte[] FALSE = {'f', 'a', 'l', 's', 'e'};
    private static final byte[] MIN_LONG = Long.toString(Long.MIN_VALUE).getBytes(java.nio.charset.StandardCharsets.US_ASCII);

    @Override
    public String name() {
        return "to_string";
    }

    @Override
    public Type check(List<Expr> args, Span call) {
        Arguments.count(args, 1, 1, call);
        Arguments.field(args, 0);
        Type t = args.getFirst().type();
        if (!t.equals(Type.INT) && !t.equals(Type.BOOL) && !t.equals(Type.IP) && !t.equals(Type.BYTES)) {
            throw Arguments.at(args, 0, "invalid type of argument #0: expected value of type Int, Bool, Ip or Bytes, but got " + t);
        }
        return Type.BYTES;
    }

    @Override
    public Node compile(List<Node> args, CompileScope scope) {
        return switch (args.getFirst()) {
            case IntNode i -> new OfInt(i, scope.newScratch());
            case BoolNode b -> new OfBool(b);
            case IpNode ip -> new OfIp(ip, scope.newScratch());
            case BytesNode bytes -> bytes;
            default -> throw new IllegalArgumentException("to_string of " + args.getFirst());
        };
    }

    static final class OfInt extends BytesNode {
        private final IntNode source;
        private final int slot;

        OfInt(IntNode source, int slot) {
            this.source = source;
            this.slot = slot;
        }

        @Override
        public int load(ExecutionContext c) {
            if (!source.load(c)) {
                return MISSING;
            }
            byte[] out = c.scratch(slot, 20);
            c.bytes = out;
            return writeLong(c.intValue, out, 0);
        }
    }

    static final class OfBool extends BytesNode {
        private final BoolNode source;

        OfBool(BoolNode source) {
            this.source = source;
        }

        @Override
        public int load(ExecutionContext c) {
            byte[] v = source.test(c) ? TRUE : FALSE;
            c.bytes = v;
            return v.length;
        }
    }

    static final class OfIp extends BytesNode {
        private final IpNode source;
        private final int slot;

        OfIp(IpNode source, int slot) {
            this.source = source;
            this.slot = slot;
        }

        @Override
        public int load(ExecutionContext c) {
            if (!source.load(c)) {
                return MISSING;
            }
            byte[] out = c.scratch(slot, 40);
            c.bytes = out;
            return writeIp(c.ipHigh, c.ipLow, out);
        }
    }

    /** Decimal digits of {@code v} at {@code out[at]}; returns the end offset. */
    static int writeLong(long v, byte[] out, int at) {
        if (v == Long.MIN_VALUE) {
            System.arraycopy(MIN_LONG, 0, out, at, MIN_LONG.length);
            return at + MIN_LONG.length;
        }
        int o = at;
        if (v < 0) {
            out[o++] = '-';
            v = -v;
        }
        int digits = 1;
        for (long t = v; t >= 10; t /= 10) {
            digits++;
        }
        for (int i = o + digits - 1; i >= o; i--) {
            out[i] = (byte) ('0' + v % 10);
            v /= 10;
        }
        return o + digits;
    }

    static int writeIp(long high, long low, byte[] out) {
        if (high == 0 && (low >>> 32) == 0xFFFFL) {
            int o = 0;
            for (int shift = 24; shift >= 0; shift -= 8) {
                o = writeLong(low >>> shift & 0xFF, out, o);
                if (shift > 0) {
                    out[o++] = '.';
                }
            }
            return o;
        }
        // RFC 5952: lower-case hex, the longest run (of two or more) of zero groups as "::"
        int bestStart = -1;
        int bestLength = 1;
        for (int i = 0; i < 8; ) {
            if (group(high, low, i) != 0) {
                i++;
                continue;
            }
            int j = i;
            while (j < 8 && group(high, low, j) == 0) {
                j++;
            }
            if (j - i > bestLength) {
                bestStart = i;
                bestLength = j - i;
            }
            i = j;
        }
        int o = 0;
        for (int i = 0; i < 8; i++) {
            if (i == bestStart) {
                out[o++] = ':';
                out[o++] = ':';
                i += bestLength - 1;
                continue;
            }
            if (i > 0 && i != bestStart + bestLength) {
                out[o++] = ':';
            }
            int g = group(high, low, i);
            boolean started = false;
            for (int shift = 12; shift >= 0; shift -= 4) {
                int d = g >>> shift & 0xF;
                if (d != 0 || started || shift == 0) {
                    out[o++] = (byte) (d < 10 ? '0' + d : 'a' + d - 10);
                    started = true;
                }
            }
        }
        return o;
    }

    private static int group(long high, long low, int i) {
        long half = i < 4 ? high : low;
        return (int) (half >>> (48 - 16 * (i & 3))) & 0xFFFF;
    }
}
