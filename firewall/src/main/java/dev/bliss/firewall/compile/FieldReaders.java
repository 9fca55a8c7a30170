package dev.bliss.firewall.compile;

import dev.bliss.firewall.eval.ExecutionContext;
import dev.bliss.plugin.field.BoolField;
import dev.bliss.plugin.field.BytesField;
import dev.bliss.plugin.field.FloatField;
import dev.bliss.plugin.field.Fields;
import dev.bliss.plugin.field.IntArrayField;
import dev.bliss.plugin.field.IntField;
import dev.bliss.plugin.field.IpField;

/** Nodes reading detector fields from the {@link Fields} table through their typed handles. */
final class FieldReaders {

    private FieldReaders() {
    }

    static final class BoolValue extends BoolNode {
        private final BoolField field;

        BoolValue(BoolField field) {
            this.field = field;
        }

        @Override
        public boolean test(ExecutionContext c) {
            return c.fields().get(field); // unset reads false
        }
    }

    static final class IntValue extends IntNode {
        private final IntField field;

        IntValue(IntField field) {
            this.field = field;
        }

        IntField field() {
            return field;
        }

        @Override
        public boolean load(ExecutionContext c) {
            Fields f = c.fields();
            if (!f.isSet(field)) {
                return false;
            }
            c.intValue = f.get(field);
            return true;
        }
    }

    static final class FloatValue extends FloatNode {
        private final FloatField field;

        FloatValue(FloatField field) {
            this.field = field;
        }

        @Override
        public boolean load(ExecutionContext c) {
            Fields f = c.fields();
            if (!f.isSet(field)) {
                return false;
            }
            c.floatValue = f.get(field);
            return true;
        }
    }

    static final class BytesValue extends BytesNode {
        private final BytesField field;

        BytesValue(BytesField field) {
            this.field = field;
        }

        @Override
        public int load(ExecutionContext c) {
            Fields f = c.fields();
            if (!f.isSet(field)) {
                return MISSING;
            }
            c.bytes = f.bytes(field);
            return f.length(field);
        }
    }

    static final class IpValue extends IpNode {
        private final IpField field;

        IpValue(IpField field) {
            this.field = field;
        }

        @Override
        public boolean load(ExecutionContext c) {
            Fields f = c.fields();
            if (!f.isSet(field)) {
                return false;
            }
            c.ipHigh = f.ipHigh(field);
            c.ipLow = f.ipLow(field);
            return true;
        }
    }

    static final class IntArrayValue extends IntArrayNode {
        private final IntArrayField field;

        IntArrayValue(IntArrayField field) {
            this.field = field;
        }

        @Override
        public int length(ExecutionContext c) {
            Fields f = c.fields();
            return f.isSet(field) ? f.length(field) : -1;
        }

        @Override
        public boolean load(ExecutionContext c, int i) {
            c.intValue = c.fields().get(field, i);
            return true;
        }
    }
}
