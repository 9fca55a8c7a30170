package dev.bliss.firewall.compile;

import dev.bliss.firewall.eval.ExecutionContext;

/** Literal function arguments as value nodes; functions that want the literal read it directly. */
public final class Constants {

    private Constants() {
    }

    public static final class ConstBytes extends BytesNode {
        private final byte[] value;

        public ConstBytes(byte[] value) {
            this.value = value;
        }

        /** The literal; do not modify. */
        public byte[] value() {
            return value;
        }

        @Override
        public int load(ExecutionContext c) {
            c.bytes = value;
            return value.length;
        }
    }

    public static final class ConstInt extends IntNode {
        private final long value;

        public ConstInt(long value) {
            this.value = value;
        }

        public long value() {
            return value;
        }

        @Override
        public boolean load(ExecutionContext c) {
            c.intValue = value;
            return true;
        }
    }
}
