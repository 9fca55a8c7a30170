package dev.bliss.firewall.compile;

import dev.bliss.firewall.eval.ExecutionContext;
import dev.bliss.firewall.eval.RequestField;
import dev.bliss.plugin.IpAddress;
import dev.bliss.plugin.RequestView;

/** Nodes reading the request fields straight from the {@link RequestView}. */
final class RequestReaders {

    private RequestReaders() {
    }

    /** A text field, copied once per request into the context on first read. */
    static final class Text extends BytesNode {
        private final RequestField field;

        Text(RequestField field) {
            this.field = field;
        }

        @Override
        public int load(ExecutionContext c) {
            return c.text(field);
        }
    }

    static final class ClientIp extends IpNode {
        @Override
        public boolean load(ExecutionContext c) {
            IpAddress a = c.view().clientAddress();
            if (a == null) {
                return false;
            }
            c.ipHigh = a.high();
            c.ipLow = a.low();
            return true;
        }
    }

    static final class Ssl extends BoolNode {
        @Override
        public boolean test(ExecutionContext c) {
            return c.view().isTls();
        }
    }

    static final class DestinationPort extends IntNode {
        @Override
        public boolean load(ExecutionContext c) {
            c.intValue = c.view().localPort();
            return true;
        }
    }

    /** {@code http.request.headers["key"]}: the values of every header of that name, in order. */
    static final class HeaderValues extends BytesArrayNode {
        private final int keySlot;
        private final int elementSlot;

        HeaderValues(int keySlot, int elementSlot) {
            this.keySlot = keySlot;
            this.elementSlot = elementSlot;
        }

        @Override
        public int length(ExecutionContext c) {
            return c.headerCount(keySlot);
        }

        @Override
        public int load(ExecutionContext c, int i) {
            return c.copyToScratch(elementSlot, c.view().headerValue(c.headerIndex(keySlot, i)));
        }
    }

    /** {@code http.request.headers.names}: every header name, lower-cased, in order. */
    static final class HeaderNames extends BytesArrayNode {
        private final int elementSlot;

        HeaderNames(int elementSlot) {
            this.elementSlot = elementSlot;
        }

        @Override
        public int length(ExecutionContext c) {
            return c.view().headerCount();
        }

        @Override
        public int load(ExecutionContext c, int i) {
            int n = c.copyToScratch(elementSlot, c.view().headerName(i));
            byte[] b = c.bytes;
            for (int j = 0; j < n; j++) {
                if (b[j] >= 'A' && b[j] <= 'Z') {
                    b[j] += 32;
                }
            }
            return n;
        }
    }

    /** {@code http.request.headers.values}: every header value, in order. */
    static final class HeaderAllValues extends BytesArrayNode {
        private final int elementSlot;

        HeaderAllValues(int elementSlot) {
            this.elementSlot = elementSlot;
        }

        @Override
        public int length(ExecutionContext c) {
            return c.view().headerCount();
        }

        @Override
        public int load(ExecutionContext c, int i) {
            return c.copyToScratch(elementSlot, c.view().headerValue(i));
        }
    }
}
