package dev.bliss.challenge;

import static org.junit.jupiter.api.Assertions.assertEquals;

import com.sun.management.ThreadMXBean;
import dev.bliss.plugin.IpAddress;
import dev.bliss.plugin.SyntheticRequest;
import java.lang.management.ManagementFactory;
import org.junit.jupiter.api.Test;

/**
 * The per-request clearance check allocates nothing: cookie scan, base64url decode, the binding
 * hashes, the HMAC (seen-token cache miss) and the cache hit, over 100,000 requests each.
 */
class ClearanceCheckAllocationTest {

    private static final int REQUESTS = 100_000;
    private static final long NOW = 1_800_000_000L;
    private static final String UA = "Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/140.0.0.0 Safari/537.36";

    private final ThreadMXBean threads = (ThreadMXBean) ManagementFactory.getThreadMXBean();
    private final KeyRing keys = KeyRing.of(KeyRing.newKey(), KeyRing.newKey());
    private final ClearanceCheck check = new ClearanceCheck(keys);
    private final ClientBinding binding = new ClientBinding();
    private final IpAddress address = IpAddress.of("198.51.100.7");

    /** Requests that carry {@code distinct} different valid clearances, round robin. */
    private SyntheticRequest[] requests(int distinct) {
        ClientBinding client = new ClientBinding().bind(address, UA, null);
        SyntheticRequest[] requests = new SyntheticRequest[distinct];
        for (int i = 0; i < distinct; i++) {
            String cookie = new ClearanceIssuer(keys).issue(client, NOW - i, 3600, EnvironmentCheck.ALL);
            requests[i] = new SyntheticRequest().clientAddress(address).header("user-agent", UA).header("accept", "text/html")
                    .header("cookie", "_ga=GA1.1.123; theme=dark; bliss_clearance=" + cookie + "; lang=en");
        }
        return requests;
    }

    private long allocatedOver(SyntheticRequest[] requests) {
        long best = Long.MAX_VALUE;
        for (int pass = 0; pass < 5; pass++) {
            long before = threads.getCurrentThreadAllocatedBytes();
            int valid = 0;
            for (int i = 0; i < REQUESTS; i++) {
                SyntheticRequest r = requests[i % requests.length];
                if (check.check(r, "bliss_clearance", binding, NOW) == ClearanceStatus.VALID) {
                    valid++;
                }
            }
            long allocated = threads.getCurrentThreadAllocatedBytes() - before;
            assertEquals(REQUESTS, valid);
            best = Math.min(best, allocated);
        }
        return best;
    }

    @Test
    void shouldAllocateNothingWhenTheTokenIsCached() {
        assertEquals(0, allocatedOver(requests(8)));
    }

    @Test
    void shouldAllocateNothingWhenEveryTokenNeedsItsHmac() {
        // 257 distinct tokens cycle through a 64-entry cache: most checks compute the HMAC
        assertEquals(0, allocatedOver(requests(257)));
    }
}
