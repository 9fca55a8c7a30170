package dev.bliss.firewall.compile;

import dev.bliss.firewall.ast.ComparisonOp;
import dev.bliss.firewall.eval.ExecutionContext;

/**
 * Ip comparisons. Ordering holds only within one family: an IPv4 and an IPv6 address are
 * incomparable, so between them only {@code ne} is true (as in wirefilter). A missing value makes
 * every comparison false.
 */
final class IpComparisons {

    private static final long V4_PREFIX = 0xFFFFL << 32;

    private IpComparisons() {
    }

    static boolean isV4(long high, long low) {
        return high == 0 && (low & 0xFFFF_FFFF_0000_0000L) == V4_PREFIX;
    }

    static BoolNode of(IpNode lhs, ComparisonOp op, long high, long low) {
        return switch (op) {
            case EQ -> new Equal(lhs, high, low);
            case NE -> new NotEqual(lhs, high, low);
            default -> new Order(lhs, op, high, low);
        };
    }

    static final class Equal extends BoolNode {
        private final IpNode lhs;
        private final long high;
        private final long low;

        Equal(IpNode lhs, long high, long low) {
            this.lhs = lhs;
            this.high = high;
            this.low = low;
        }

        @Override
        public boolean test(ExecutionContext c) {
            return lhs.load(c) && c.ipHigh == high && c.ipLow == low;
        }
    }

    static final class NotEqual extends BoolNode {
        private final IpNode lhs;
        private final long high;
        private final long low;

        NotEqual(IpNode lhs, long high, long low) {
            this.lhs = lhs;
            this.high = high;
            this.low = low;
        }

        @Override
        public boolean test(ExecutionContext c) {
            return lhs.load(c) && (c.ipHigh != high || c.ipLow != low);
        }
    }

    /** lt, le, gt, ge: the ordering mask picks which of less / equal / greater is true. */
    static final class Order extends BoolNode {
        private static final int LESS = 1;
        private static final int EQUAL = 2;
        private static final int GREATER = 4;

        private final IpNode lhs;
        private final long high;
        private final long low;
        private final boolean v4;
        private final int accept;

        Order(IpNode lhs, ComparisonOp op, long high, long low) {
            this.lhs = lhs;
            this.high = high;
            this.low = low;
            this.v4 = isV4(high, low);
            this.accept = switch (op) {
                case LT -> LESS;
                case LE -> LESS | EQUAL;
                case GT -> GREATER;
                case GE -> GREATER | EQUAL;
                default -> throw new IllegalArgumentException(op.word());
            };
        }

        @Override
        public boolean test(ExecutionContext c) {
            if (!lhs.load(c) || isV4(c.ipHigh, c.ipLow) != v4) {
                return false;
            }
            int cmp = IpRanges.compare(c.ipHigh, c.ipLow, high, low);
            int bit = cmp < 0 ? LESS : cmp == 0 ? EQUAL : GREATER;
            return (accept & bit) != 0;
        }
    }

    static final class In extends BoolNode {
        private final IpNode lhs;
        private final IpRanges set;

        In(IpNode lhs, IpRanges set) {
            this.lhs = lhs;
            this.set = set;
        }

        @Override
        public boolean test(ExecutionContext c) {
            return lhs.load(c) && set.contains(c.ipHigh, c.ipLow);
        }
    }
}
