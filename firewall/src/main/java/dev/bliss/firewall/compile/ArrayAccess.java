package dev.bliss.firewall.compile;

import dev.bliss.firewall.eval.ExecutionContext;

/**
 * Indexing and mapping arrays. {@code x[2]} reads one element (missing when out of bounds).
 * {@code x[*]} maps: the part of the expression applied to each element is compiled once, over an
 * {@code Element*} node that reads "the current element" from a cursor in the context, and an
 * {@code Each*} node runs it for every index by moving the cursor. Nothing is materialised.
 */
final class ArrayAccess {

    private ArrayAccess() {
    }

    static final class Length extends IntNode {
        private final ArrayNode array;

        Length(ArrayNode array) {
            this.array = array;
        }

        @Override
        public boolean load(ExecutionContext c) {
            int n = array.length(c);
            if (n < 0) {
                return false;
            }
            c.intValue = n;
            return true;
        }
    }

    static final class BytesAt extends BytesNode {
        private final BytesArrayNode array;
        private final int position;

        BytesAt(BytesArrayNode array, int position) {
            this.array = array;
            this.position = position;
        }

        @Override
        public int load(ExecutionContext c) {
            return position < array.length(c) ? array.load(c, position) : MISSING;
        }
    }

    static final class IntAt extends IntNode {
        private final IntArrayNode array;
        private final int position;

        IntAt(IntArrayNode array, int position) {
            this.array = array;
            this.position = position;
        }

        @Override
        public boolean load(ExecutionContext c) {
            return position < array.length(c) && array.load(c, position);
        }
    }

    static final class BoolAt extends BoolNode {
        private final BoolArrayNode array;
        private final int position;

        BoolAt(BoolArrayNode array, int position) {
            this.array = array;
            this.position = position;
        }

        @Override
        public boolean test(ExecutionContext c) {
            return position < array.length(c) && array.test(c, position);
        }
    }

    // ---- the current element of a [*]

    static final class BytesElement extends BytesNode {
        private final BytesArrayNode array;
        private final int cursor;

        BytesElement(BytesArrayNode array, int cursor) {
            this.array = array;
            this.cursor = cursor;
        }

        @Override
        public int load(ExecutionContext c) {
            return array.load(c, c.each[cursor]);
        }
    }

    static final class IntElement extends IntNode {
        private final IntArrayNode array;
        private final int cursor;

        IntElement(IntArrayNode array, int cursor) {
            this.array = array;
            this.cursor = cursor;
        }

        @Override
        public boolean load(ExecutionContext c) {
            return array.load(c, c.each[cursor]);
        }
    }

    static final class BoolElement extends BoolNode {
        private final BoolArrayNode array;
        private final int cursor;

        BoolElement(BoolArrayNode array, int cursor) {
            this.array = array;
            this.cursor = cursor;
        }

        @Override
        public boolean test(ExecutionContext c) {
            return array.test(c, c.each[cursor]);
        }
    }

    // ---- an expression applied to each element of a source array

    static final class EachBool extends BoolArrayNode {
        private final ArrayNode source;
        private final int cursor;
        private final BoolNode perElement;

        EachBool(ArrayNode source, int cursor, BoolNode perElement) {
            this.source = source;
            this.cursor = cursor;
            this.perElement = perElement;
        }

        @Override
        public int length(ExecutionContext c) {
            return source.length(c);
        }

        @Override
        public boolean test(ExecutionContext c, int i) {
            c.each[cursor] = i;
            return perElement.test(c);
        }
    }

    static final class EachBytes extends BytesArrayNode {
        private final ArrayNode source;
        private final int cursor;
        private final BytesNode perElement;

        EachBytes(ArrayNode source, int cursor, BytesNode perElement) {
            this.source = source;
            this.cursor = cursor;
            this.perElement = perElement;
        }

        @Override
        public int length(ExecutionContext c) {
            return source.length(c);
        }

        @Override
        public int load(ExecutionContext c, int i) {
            c.each[cursor] = i;
            return perElement.load(c);
        }
    }

    static final class EachInt extends IntArrayNode {
        private final ArrayNode source;
        private final int cursor;
        private final IntNode perElement;

        EachInt(ArrayNode source, int cursor, IntNode perElement) {
            this.source = source;
            this.cursor = cursor;
            this.perElement = perElement;
        }

        @Override
        public int length(ExecutionContext c) {
            return source.length(c);
        }

        @Override
        public boolean load(ExecutionContext c, int i) {
            c.each[cursor] = i;
            return perElement.load(c);
        }
    }
}
