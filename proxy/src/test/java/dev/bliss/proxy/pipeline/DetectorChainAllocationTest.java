package dev.bliss.proxy.pipeline;

import static org.junit.jupiter.api.Assertions.assertEquals;

import com.sun.management.ThreadMXBean;
import dev.bliss.plugin.IpAddress;
import dev.bliss.plugin.Completion;
import dev.bliss.plugin.FirewallAction;
import dev.bliss.plugin.OriginHeaders;
import dev.bliss.plugin.ProtocolVersion;
import dev.bliss.plugin.RequestView;
import dev.bliss.plugin.field.Fields;
import dev.bliss.proxy.config.ProxyOptions;
import dev.bliss.proxy.testing.Proxies;
import java.lang.management.ManagementFactory;
import java.util.Map;
import org.junit.jupiter.api.Test;

/**
 * The SPI layer allocates nothing per request: a chain of detectors run 100,000 times over a
 * prepared request view, with field writes, origin headers and the log phase, measured with the
 * thread's allocated-bytes counter.
 */
class DetectorChainAllocationTest {

    private static final int REQUESTS = 100_000;

    @Test
    void shouldAllocateNothingPerRequestOnceWarm() throws Exception {
        ProxyOptions options = Proxies.options("""
                listeners: [{port: 0}]
                plugins:
                  - {name: a, type: test-counter}
                  - {name: b, type: test-counter, config: {consumes: [a.count]}}
                  - {name: c, type: test-counter, config: {consumes: [b.count]}}
                """, null);
        try (DetectorPipeline pipeline = DetectorPipeline.build(options.plugins(), PluginLoader.load(null),
                options.baseDirectory(), 1, Map.of())) {
            DetectorChain chain = pipeline.newChain();
            Fields fields = pipeline.scheme().newTable();
            RequestView view = new PreparedView();
            OriginHeaders headers = new NullHeaders();

            for (int round = 0; round < 3_000; round++) {
                // warm up in many calls, so that runRequests itself is compiled and not only
                // OSR-entered: its interpreted first iterations would be counted otherwise
                runRequests(chain, fields, view, headers, 100);
            }
            ThreadMXBean threads = (ThreadMXBean) ManagementFactory.getThreadMXBean();
            // the best of three runs: a run during which the JIT swaps in a new version of a method
            // may count the interpreter's allocations; a steady-state run allocates nothing
            long allocated = Long.MAX_VALUE;
            for (int attempt = 0; attempt < 3 && allocated != 0; attempt++) {
                long before = threads.getCurrentThreadAllocatedBytes();
                runRequests(chain, fields, view, headers, REQUESTS);
                allocated = Math.min(allocated, threads.getCurrentThreadAllocatedBytes() - before);
            }
            assertEquals(0, allocated, "bytes allocated by " + REQUESTS + " requests through the chain");
        }
    }

    /** The log phase's view of an exchange the origin answered with 200, no rule matching. */
    static final Completion OK = new Completion() {
        public int status() { return 200; }
        public CharSequence ruleId() { return null; }
        public FirewallAction action() { return FirewallAction.NONE; }
        public CharSequence localReason() { return null; }
        public long durationNanos() { return 1_000; }
    };

    private static void runRequests(DetectorChain chain, Fields fields, RequestView view, OriginHeaders headers, int n) {
        for (int i = 0; i < n; i++) {
            fields.reset();
            if (chain.run(view, fields, 0) != DetectorChain.DONE) {
                throw new AssertionError("chain did not finish");
            }
            chain.forward(view, fields, headers);
            chain.complete(view, fields, OK);
        }
    }

    /** Origin headers that accept and drop, as the header map cost is the proxy's, not the SPI's. */
    private static final class NullHeaders implements OriginHeaders {
        @Override
        public void set(CharSequence name, CharSequence value) {
        }

        @Override
        public void remove(CharSequence name) {
        }
    }

    private static final class PreparedView implements RequestView {
        private final IpAddress client = IpAddress.of("203.0.113.7");

        @Override
        public CharSequence method() {
            return "GET";
        }

        @Override
        public CharSequence uri() {
            return "/a?b=c";
        }

        @Override
        public CharSequence path() {
            return "/a";
        }

        @Override
        public CharSequence query() {
            return "b=c";
        }

        @Override
        public CharSequence host() {
            return "example.com";
        }

        @Override
        public ProtocolVersion version() {
            return ProtocolVersion.HTTP_1_1;
        }

        @Override
        public boolean isTls() {
            return false;
        }

        @Override
        public int localPort() {
            return 8080;
        }

        @Override
        public IpAddress clientAddress() {
            return client;
        }

        @Override
        public int headerCount() {
            return 1;
        }

        @Override
        public CharSequence headerName(int i) {
            return "user-agent";
        }

        @Override
        public CharSequence headerValue(int i) {
            return "curl/8.0";
        }

        @Override
        public CharSequence header(CharSequence name) {
            return "user-agent".contentEquals(name) ? "curl/8.0" : null;
        }

        @Override
        public long receivedNanos() {
            return 0;
        }
    }
}
