package dev.bliss.firewall.compile;

import dev.bliss.firewall.ast.ComparisonOp;
import dev.bliss.firewall.eval.ExecutionContext;
import dev.bliss.firewall.regex.PairScan;
import dev.bliss.firewall.regex.Regex;
import java.util.Arrays;

/**
 * Bytes comparisons, one class per operator and, for {@code contains}, per needle length. Ordering
 * is lexicographic on unsigned bytes; a missing value makes every comparison false.
 */
final class BytesComparisons {

    private BytesComparisons() {
    }

    static BoolNode ordering(BytesNode lhs, ComparisonOp op, byte[] v) {
        return switch (op) {
            case EQ -> new Equal(lhs, v);
            case NE -> new NotEqual(lhs, v);
            case LT -> new Less(lhs, v);
            case LE -> new LessOrEqual(lhs, v);
            case GT -> new Greater(lhs, v);
            case GE -> new GreaterOrEqual(lhs, v);
            default -> throw new IllegalArgumentException(op + " is not an ordering");
        };
    }

    static BoolNode contains(BytesNode lhs, byte[] needle) {
        return switch (needle.length) {
            case 0 -> new Present(lhs);
            case 1 -> new ContainsByte(lhs, needle[0]);
            default -> new ContainsBytes(lhs, needle);
        };
    }

    static final class Equal extends BoolNode {
        private final BytesNode lhs;
        private final byte[] v;

        Equal(BytesNode lhs, byte[] v) {
            this.lhs = lhs;
            this.v = v;
        }

        @Override
        public boolean test(ExecutionContext c) {
            int n = lhs.load(c);
            return n == v.length && Arrays.equals(c.bytes, 0, n, v, 0, n);
        }
    }

    static final class NotEqual extends BoolNode {
        private final BytesNode lhs;
        private final byte[] v;

        NotEqual(BytesNode lhs, byte[] v) {
            this.lhs = lhs;
            this.v = v;
        }

        @Override
        public boolean test(ExecutionContext c) {
            int n = lhs.load(c);
            return n >= 0 && !(n == v.length && Arrays.equals(c.bytes, 0, n, v, 0, n));
        }
    }

    static final class Less extends BoolNode {
        private final BytesNode lhs;
        private final byte[] v;

        Less(BytesNode lhs, byte[] v) {
            this.lhs = lhs;
            this.v = v;
        }

        @Override
        public boolean test(ExecutionContext c) {
            int n = lhs.load(c);
            return n >= 0 && Arrays.compareUnsigned(c.bytes, 0, n, v, 0, v.length) < 0;
        }
    }

    static final class LessOrEqual extends BoolNode {
        private final BytesNode lhs;
        private final byte[] v;

        LessOrEqual(BytesNode lhs, byte[] v) {
            this.lhs = lhs;
            this.v = v;
        }

        @Override
        public boolean test(ExecutionContext c) {
            int n = lhs.load(c);
            return n >= 0 && Arrays.compareUnsigned(c.bytes, 0, n, v, 0, v.length) <= 0;
        }
    }

    static final class Greater extends BoolNode {
        private final BytesNode lhs;
        private final byte[] v;

        Greater(BytesNode lhs, byte[] v) {
            this.lhs = lhs;
            this.v = v;
        }

        @Override
        public boolean test(ExecutionContext c) {
            int n = lhs.load(c);
            return n >= 0 && Arrays.compareUnsigned(c.bytes, 0, n, v, 0, v.length) > 0;
        }
    }

    static final class GreaterOrEqual extends BoolNode {
        private final BytesNode lhs;
        private final byte[] v;

        GreaterOrEqual(BytesNode lhs, byte[] v) {
            this.lhs = lhs;
            this.v = v;
        }

        @Override
        public boolean test(ExecutionContext c) {
            int n = lhs.load(c);
            return n >= 0 && Arrays.compareUnsigned(c.bytes, 0, n, v, 0, v.length) >= 0;
        }
    }

    /** {@code contains ""}: true for any present value. */
    static final class Present extends BoolNode {
        private final BytesNode lhs;

        Present(BytesNode lhs) {
            this.lhs = lhs;
        }

        @Override
        public boolean test(ExecutionContext c) {
            return lhs.load(c) >= 0;
        }
    }

    static final class ContainsByte extends BoolNode {
        private final BytesNode lhs;
        private final byte needle;

        ContainsByte(BytesNode lhs, byte needle) {
            this.lhs = lhs;
            this.needle = needle;
        }

        @Override
        public boolean test(ExecutionContext c) {
            int n = lhs.load(c);
            byte[] a = c.bytes;
            for (int i = 0; i < n; i++) {
                if (a[i] == needle) {
                    return true;
                }
            }
            return false;
        }
    }

    /**
     * Finds the needle's first two bytes 32 positions at a time ({@link PairScan}) and compares
     * the rest only where they occur.
     */
    static final class ContainsBytes extends BoolNode {
        private final BytesNode lhs;
        private final byte[] needle;
        private final PairScan scan;

        ContainsBytes(BytesNode lhs, byte[] needle) {
            this.lhs = lhs;
            this.needle = needle;
            this.scan = PairScan.ofNeedle(needle[0], needle[1]);
        }

        @Override
        public boolean test(ExecutionContext c) {
            int n = lhs.load(c);
            int m = needle.length;
            byte[] a = c.bytes;
            int last = n - m;
            int i = 0;
            while (i <= last) {
                int k = scan.next(a, i, n);
                if (k < 0 || k > last) {
                    return false;
                }
                if (Arrays.equals(a, k + 2, k + m, needle, 2, m)) {
                    return true;
                }
                i = k + 1;
            }
            return false;
        }
    }

    static final class Matches extends BoolNode {
        private final BytesNode lhs;
        private final Regex regex;
        private final int scratchSlot;

        /** @param scratchSlot the context's regex scratch slot, or -1 for a deterministic regex */
        Matches(BytesNode lhs, Regex regex, int scratchSlot) {
            this.lhs = lhs;
            this.regex = regex;
            this.scratchSlot = scratchSlot;
        }

        @Override
        public boolean test(ExecutionContext c) {
            int n = lhs.load(c);
            return n >= 0 && regex.find(c.bytes, n, scratchSlot < 0 ? null : c.regexScratch(scratchSlot));
        }
    }

    static final class Wildcard extends BoolNode {
        private final BytesNode lhs;
        private final WildcardPattern pattern;

        Wildcard(BytesNode lhs, WildcardPattern pattern) {
            this.lhs = lhs;
            this.pattern = pattern;
        }

        @Override
        public boolean test(ExecutionContext c) {
            int n = lhs.load(c);
            return n >= 0 && pattern.matches(c.bytes, n);
        }
    }

    static final class In extends BoolNode {
        private final BytesNode lhs;
        private final ByteStringSet set;

        In(BytesNode lhs, ByteStringSet set) {
            this.lhs = lhs;
            this.set = set;
        }

        @Override
        public boolean test(ExecutionContext c) {
            int n = lhs.load(c);
            return n >= 0 && set.contains(c.bytes, n);
        }
    }
}
