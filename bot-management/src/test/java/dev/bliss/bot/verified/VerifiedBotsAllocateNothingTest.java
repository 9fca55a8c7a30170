package dev.bliss.bot.verified;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.sun.management.ThreadMXBean;
import dev.bliss.plugin.IpAddress;
import java.lang.management.ManagementFactory;
import org.junit.jupiter.api.Test;

/** Once compiled, matching allocates nothing: verified, fake, IPv6 and unclaimed alike. */
class VerifiedBotsAllocateNothingTest {

    private static final int ROUNDS = 100_000;
    private static final ThreadMXBean THREADS = (ThreadMXBean) ManagementFactory.getThreadMXBean();

    private final VerifiedBots bots = VerifiedBotsTest.shipped();
    private final VerifiedBotVerdict verdict = new VerifiedBotVerdict();
    private final String[] userAgents = {
        VerifiedBotsTest.GOOGLEBOT, VerifiedBotsTest.GOOGLEBOT, VerifiedBotsTest.GOOGLEBOT_SMARTPHONE,
        VerifiedBotsTest.CHROME, "DuckDuckBot/1.1; (+http://duckduckgo.com/duckduckbot.html)",
    };
    private final IpAddress[] clients = {
        IpAddress.of("66.249.66.1"), IpAddress.of("203.0.113.5"), IpAddress.of("2001:4860:4801:2a::1"),
        IpAddress.of("66.249.66.1"), IpAddress.of("52.224.21.61"),
    };

    @Test
    void shouldAllocateNothingPerMatchOnceCompiled() {
        assertTrue(THREADS.isThreadAllocatedMemorySupported() && THREADS.isThreadAllocatedMemoryEnabled());
        for (int i = 0; i < 200; i++) {
            round(1_000);
        }
        for (int i = 0; i < 3; i++) {
            round(ROUNDS);
        }
        long thread = Thread.currentThread().threadId();
        long before = THREADS.getThreadAllocatedBytes(thread);
        long sum = round(ROUNDS);
        long allocated = THREADS.getThreadAllocatedBytes(thread) - before;
        assertEquals(0, allocated, "bytes allocated over " + ROUNDS + " matches");
        assertTrue(sum > 0);
    }

    private long round(int rounds) {
        long sum = 0;
        for (int r = 0; r < rounds; r++) {
            int k = r % userAgents.length;
            bots.match(userAgents[k], clients[k], verdict);
            sum += verdict.outcome().ordinal() + verdict.detectionId();
        }
        return sum;
    }
}
