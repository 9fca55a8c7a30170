package dev.bliss.firewall.compile;

import dev.bliss.firewall.ast.ComparisonOp;
import dev.bliss.firewall.eval.ExecutionContext;
import dev.bliss.plugin.field.Fields;
import dev.bliss.plugin.field.IntField;

/**
 * Int comparisons, one class per operator, over any Int value and, for the most common shape
 * ({@code bot.score lt 30}), directly over an {@link IntField} so the field read is inlined.
 * A missing value makes every comparison false, {@code ne} included.
 */
final class IntComparisons {

    private IntComparisons() {
    }

    static BoolNode of(IntNode lhs, ComparisonOp op, long v) {
        if (lhs instanceof FieldReaders.IntValue direct) {
            return ofField(direct, op, v);
        }
        return switch (op) {
            case EQ -> new Eq(lhs, v);
            case NE -> new Ne(lhs, v);
            case LT -> new Lt(lhs, v);
            case LE -> new Le(lhs, v);
            case GT -> new Gt(lhs, v);
            case GE -> new Ge(lhs, v);
            case BITWISE_AND -> new BitwiseAnd(lhs, v);
            default -> throw new IllegalArgumentException(op + " on Int");
        };
    }

    private static BoolNode ofField(FieldReaders.IntValue direct, ComparisonOp op, long v) {
        IntField f = direct.field();
        return switch (op) {
            case EQ -> new FieldEq(f, v);
            case NE -> new FieldNe(f, v);
            case LT -> new FieldLt(f, v);
            case LE -> new FieldLe(f, v);
            case GT -> new FieldGt(f, v);
            case GE -> new FieldGe(f, v);
            case BITWISE_AND -> new BitwiseAnd(direct, v);
            default -> throw new IllegalArgumentException(op + " on Int");
        };
    }

    static BoolNode in(IntNode lhs, IntRanges set) {
        if (lhs instanceof FieldReaders.IntValue direct) {
            return new FieldIn(direct.field(), set);
        }
        return new In(lhs, set);
    }

    static final class Eq extends BoolNode {
        private final IntNode lhs;
        private final long v;

        Eq(IntNode lhs, long v) {
            this.lhs = lhs;
            this.v = v;
        }

        @Override
        public boolean test(ExecutionContext c) {
            return lhs.load(c) && c.intValue == v;
        }
    }

    static final class FieldEq extends BoolNode {
        private final IntField field;
        private final long v;

        FieldEq(IntField field, long v) {
            this.field = field;
            this.v = v;
        }

        @Override
        public boolean test(ExecutionContext c) {
            Fields f = c.fields();
            return f.isSet(field) && f.get(field) == v;
        }
    }

    static final class Ne extends BoolNode {
        private final IntNode lhs;
        private final long v;

        Ne(IntNode lhs, long v) {
            this.lhs = lhs;
            this.v = v;
        }

        @Override
        public boolean test(ExecutionContext c) {
            return lhs.load(c) && c.intValue != v;
        }
    }

    static final class FieldNe extends BoolNode {
        private final IntField field;
        private final long v;

        FieldNe(IntField field, long v) {
            this.field = field;
            this.v = v;
        }

        @Override
        public boolean test(ExecutionContext c) {
            Fields f = c.fields();
            return f.isSet(field) && f.get(field) != v;
        }
    }

    static final class Lt extends BoolNode {
        private final IntNode lhs;
        private final long v;

        Lt(IntNode lhs, long v) {
            this.lhs = lhs;
            this.v = v;
        }

        @Override
        public boolean test(ExecutionContext c) {
            return lhs.load(c) && c.intValue < v;
        }
    }

    static final class FieldLt extends BoolNode {
        private final IntField field;
        private final long v;

        FieldLt(IntField field, long v) {
            this.field = field;
            this.v = v;
        }

        @Override
        public boolean test(ExecutionContext c) {
            Fields f = c.fields();
            return f.isSet(field) && f.get(field) < v;
        }
    }

    static final class Le extends BoolNode {
        private final IntNode lhs;
        private final long v;

        Le(IntNode lhs, long v) {
            this.lhs = lhs;
            this.v = v;
        }

        @Override
        public boolean test(ExecutionContext c) {
            return lhs.load(c) && c.intValue <= v;
        }
    }

    static final class FieldLe extends BoolNode {
        private final IntField field;
        private final long v;

        FieldLe(IntField field, long v) {
            this.field = field;
            this.v = v;
        }

        @Override
        public boolean test(ExecutionContext c) {
            Fields f = c.fields();
            return f.isSet(field) && f.get(field) <= v;
        }
    }

    static final class Gt extends BoolNode {
        private final IntNode lhs;
        private final long v;

        Gt(IntNode lhs, long v) {
            this.lhs = lhs;
            this.v = v;
        }

        @Override
        public boolean test(ExecutionContext c) {
            return lhs.load(c) && c.intValue > v;
        }
    }

    static final class FieldGt extends BoolNode {
        private final IntField field;
        private final long v;

        FieldGt(IntField field, long v) {
            this.field = field;
            this.v = v;
        }

        @Override
        public boolean test(ExecutionContext c) {
            Fields f = c.fields();
            return f.isSet(field) && f.get(field) > v;
        }
    }

    static final class Ge extends BoolNode {
        private final IntNode lhs;
        private final long v;

        Ge(IntNode lhs, long v) {
            this.lhs = lhs;
            this.v = v;
        }

        @Override
        public boolean test(ExecutionContext c) {
            return lhs.load(c) && c.intValue >= v;
        }
    }

    static final class FieldGe extends BoolNode {
        private final IntField field;
        private final long v;

        FieldGe(IntField field, long v) {
            this.field = field;
            this.v = v;
        }

        @Override
        public boolean test(ExecutionContext c) {
            Fields f = c.fields();
            return f.isSet(field) && f.get(field) >= v;
        }
    }

    static final class BitwiseAnd extends BoolNode {
        private final IntNode lhs;
        private final long v;

        BitwiseAnd(IntNode lhs, long v) {
            this.lhs = lhs;
            this.v = v;
        }

        @Override
        public boolean test(ExecutionContext c) {
            return lhs.load(c) && (c.intValue & v) != 0;
        }
    }

    static final class In extends BoolNode {
        private final IntNode lhs;
        private final IntRanges set;

        In(IntNode lhs, IntRanges set) {
            this.lhs = lhs;
            this.set = set;
        }

        @Override
        public boolean test(ExecutionContext c) {
            return lhs.load(c) && set.contains(c.intValue);
        }
    }

    static final class FieldIn extends BoolNode {
        private final IntField field;
        private final IntRanges set;

        FieldIn(IntField field, IntRanges set) {
            this.field = field;
            this.set = set;
        }

        @Override
        public boolean test(ExecutionContext c) {
            Fields f = c.fields();
            return f.isSet(field) && set.contains(f.get(field));
        }
    }
}
