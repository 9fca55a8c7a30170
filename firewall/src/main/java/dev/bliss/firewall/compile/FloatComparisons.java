package dev.bliss.firewall.compile;

import dev.bliss.firewall.ast.ComparisonOp;
import dev.bliss.firewall.eval.ExecutionContext;

/**
 * Float comparisons (a bliss extension for detector signals), one class per operator, with IEEE
 * semantics on present values (so {@code NaN ne x} is true); a missing value makes every
 * comparison false.
 */
final class FloatComparisons {

    private FloatComparisons() {
    }

    static BoolNode of(FloatNode lhs, ComparisonOp op, double v) {
        return switch (op) {
            case EQ -> new Eq(lhs, v);
            case NE -> new Ne(lhs, v);
            case LT -> new Lt(lhs, v);
            case LE -> new Le(lhs, v);
            case GT -> new Gt(lhs, v);
            case GE -> new Ge(lhs, v);
            default -> throw new IllegalArgumentException(op + " on Float");
        };
    }

    static final class Eq extends BoolNode {
        private final FloatNode lhs;
        private final double v;

        Eq(FloatNode lhs, double v) {
            this.lhs = lhs;
            this.v = v;
        }

        @Override
        public boolean test(ExecutionContext c) {
            return lhs.load(c) && c.floatValue == v;
        }
    }

    static final class Ne extends BoolNode {
        private final FloatNode lhs;
        private final double v;

        Ne(FloatNode lhs, double v) {
            this.lhs = lhs;
            this.v = v;
        }

        @Override
        public boolean test(ExecutionContext c) {
            return lhs.load(c) && c.floatValue != v;
        }
    }

    static final class Lt extends BoolNode {
        private final FloatNode lhs;
        private final double v;

        Lt(FloatNode lhs, double v) {
            this.lhs = lhs;
            this.v = v;
        }

        @Override
        public boolean test(ExecutionContext c) {
            return lhs.load(c) && c.floatValue < v;
        }
    }

    static final class Le extends BoolNode {
        private final FloatNode lhs;
        private final double v;

        Le(FloatNode lhs, double v) {
            this.lhs = lhs;
            this.v = v;
        }

        @Override
        public boolean test(ExecutionContext c) {
            return lhs.load(c) && c.floatValue <= v;
        }
    }

    static final class Gt extends BoolNode {
        private final FloatNode lhs;
        private final double v;

        Gt(FloatNode lhs, double v) {
            this.lhs = lhs;
            this.v = v;
        }

        @Override
        public boolean test(ExecutionContext c) {
            return lhs.load(c) && c.floatValue > v;
        }
    }

    static final class Ge extends BoolNode {
        private final FloatNode lhs;
        private final double v;

        Ge(FloatNode lhs, double v) {
            this.lhs = lhs;
            this.v = v;
        }

        @Override
        public boolean test(ExecutionContext c) {
            return lhs.load(c) && c.floatValue >= v;
        }
    }
}
