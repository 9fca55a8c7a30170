package dev.bliss.firewall.compile;

import dev.bliss.firewall.eval.ExecutionContext;

/**
 * Logical nodes: {@code and}/{@code or} short-circuit left to right, {@code xor} folds, and the
 * quantifiers {@code any} and {@code all} reduce an {@code Array<Bool>}: {@code any} of an empty
 * array is false, {@code all} of an empty array is true, and a missing array makes both false.
 */
final class Logic {

    private Logic() {
    }

    static BoolNode and(BoolNode[] items) {
        return items.length == 2 ? new And2(items[0], items[1]) : new And(items);
    }

    static BoolNode or(BoolNode[] items) {
        return items.length == 2 ? new Or2(items[0], items[1]) : new Or(items);
    }

    static final class And2 extends BoolNode {
        private final BoolNode a;
        private final BoolNode b;

        And2(BoolNode a, BoolNode b) {
            this.a = a;
            this.b = b;
        }

        @Override
        public boolean test(ExecutionContext c) {
            return a.test(c) && b.test(c);
        }
    }

    static final class And extends BoolNode {
        private final BoolNode[] items;

        And(BoolNode[] items) {
            this.items = items;
        }

        @Override
        public boolean test(ExecutionContext c) {
            for (BoolNode item : items) {
                if (!item.test(c)) {
                    return false;
                }
            }
            return true;
        }
    }

    static final class Or2 extends BoolNode {
        private final BoolNode a;
        private final BoolNode b;

        Or2(BoolNode a, BoolNode b) {
            this.a = a;
            this.b = b;
        }

        @Override
        public boolean test(ExecutionContext c) {
            return a.test(c) || b.test(c);
        }
    }

    static final class Or extends BoolNode {
        private final BoolNode[] items;

        Or(BoolNode[] items) {
            this.items = items;
        }

        @Override
        public boolean test(ExecutionContext c) {
            for (BoolNode item : items) {
                if (item.test(c)) {
                    return true;
                }
            }
            return false;
        }
    }

    static final class Xor extends BoolNode {
        private final BoolNode[] items;

        Xor(BoolNode[] items) {
            this.items = items;
        }

        @Override
        public boolean test(ExecutionContext c) {
            boolean result = false;
            for (BoolNode item : items) {
                result ^= item.test(c);
            }
            return result;
        }
    }

    static final class Not extends BoolNode {
        private final BoolNode operand;

        Not(BoolNode operand) {
            this.operand = operand;
        }

        @Override
        public boolean test(ExecutionContext c) {
            return !operand.test(c);
        }
    }

    static final class Any extends BoolNode {
        private final BoolArrayNode array;

        Any(BoolArrayNode array) {
            this.array = array;
        }

        @Override
        public boolean test(ExecutionContext c) {
            for (int i = 0, n = array.length(c); i < n; i++) {
                if (array.test(c, i)) {
                    return true;
                }
            }
            return false;
        }
    }

    static final class All extends BoolNode {
        private final BoolArrayNode array;

        All(BoolArrayNode array) {
            this.array = array;
        }

        @Override
        public boolean test(ExecutionContext c) {
            int n = array.length(c);
            if (n < 0) {
                return false;
            }
            for (int i = 0; i < n; i++) {
                if (!array.test(c, i)) {
                    return false;
                }
            }
            return true;
        }
    }

    /** Element-wise and/or/xor of Bool arrays, truncated to the shortest. */
    static final class Elementwise extends BoolArrayNode {
        enum Op {
            AND, OR, XOR
        }

        private final Op op;
        private final BoolArrayNode[] items;

        Elementwise(Op op, BoolArrayNode[] items) {
            this.op = op;
            this.items = items;
        }

        @Override
        public int length(ExecutionContext c) {
            int n = Integer.MAX_VALUE;
            for (BoolArrayNode item : items) {
                int l = item.length(c);
                if (l < 0) {
                    return -1;
                }
                n = Math.min(n, l);
            }
            return n;
        }

        @Override
        public boolean test(ExecutionContext c, int i) {
            switch (op) {
                case AND -> {
                    for (BoolArrayNode item : items) {
                        if (!item.test(c, i)) {
                            return false;
                        }
                    }
                    return true;
                }
                case OR -> {
                    for (BoolArrayNode item : items) {
                        if (item.test(c, i)) {
                            return true;
                        }
                    }
                    return false;
                }
                default -> {
                    boolean r = false;
                    for (BoolArrayNode item : items) {
                        r ^= item.test(c, i);
                    }
                    return r;
                }
            }
        }
    }

    static final class ElementwiseNot extends BoolArrayNode {
        private final BoolArrayNode operand;

        ElementwiseNot(BoolArrayNode operand) {
            this.operand = operand;
        }

        @Override
        public int length(ExecutionContext c) {
            return operand.length(c);
        }

        @Override
        public boolean test(ExecutionContext c, int i) {
            return !operand.test(c, i);
        }
    }
}
