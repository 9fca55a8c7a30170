package dev.bliss.plugin.field;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotSame;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertThrows;

import java.lang.management.ManagementFactory;
import java.util.concurrent.atomic.AtomicInteger;
import org.junit.jupiter.api.Test;

class AttachmentTest {

    @Test
    void shouldMakeTheObjectOncePerTableAndKeepItAcrossRequests() {
        FieldSchemeBuilder builder = new FieldSchemeBuilder();
        AtomicInteger made = new AtomicInteger();
        Attachment<StringBuilder> scratch = builder.registryFor("d").attachment(StringBuilder.class, () -> {
            made.incrementAndGet();
            return new StringBuilder();
        });
        IntField n = builder.registryFor("d").produceInt("d.n");
        FieldScheme scheme = builder.build();
        Fields first = scheme.newTable();
        Fields second = scheme.newTable();
        assertEquals(0, made.get(), "made on first use, not with the table");

        StringBuilder a = first.attached(scratch);
        first.set(n, 7);
        first.reset(); // the next request on this table
        assertSame(a, first.attached(scratch), "reset keeps the attachment");
        assertNotSame(a, second.attached(scratch), "each table has its own");
        assertEquals(2, made.get());
        assertEquals(false, first.isSet(n));
    }

    @Test
    void shouldRefuseAnAttachmentOfAnotherScheme() {
        FieldSchemeBuilder one = new FieldSchemeBuilder();
        Attachment<Object> foreign = one.registryFor("d").attachment(Object.class, Object::new);
        one.build();
        Fields other = new FieldSchemeBuilder().build().newTable();
        assertThrows(IllegalArgumentException.class, () -> other.attached(foreign));
    }

    @Test
    void shouldRefuseDeclarationsAfterStartup() {
        FieldSchemeBuilder builder = new FieldSchemeBuilder();
        FieldRegistry registry = builder.registryFor("d");
        builder.build();
        assertThrows(IllegalStateException.class, () -> registry.attachment(Object.class, Object::new));
    }

    @Test
    void shouldAllocateNothingOnceMade() {
        FieldSchemeBuilder builder = new FieldSchemeBuilder();
        Attachment<long[]> slot = builder.registryFor("d").attachment(long[].class, () -> new long[1]);
        Fields table = builder.build().newTable();
        com.sun.management.ThreadMXBean threads = (com.sun.management.ThreadMXBean) ManagementFactory.getThreadMXBean();
        long best = Long.MAX_VALUE;
        // the best of several passes: the first ones run while the JIT compiles the loop (in one CI
        // run all three of three passes saw 24 bytes), a compiled one allocates nothing
        for (int pass = 0; pass < 20 && best > 0; pass++) {
            long before = threads.getCurrentThreadAllocatedBytes();
            for (int i = 0; i < 100_000; i++) {
                table.attached(slot)[0] += i;
                table.reset();
            }
            best = Math.min(best, threads.getCurrentThreadAllocatedBytes() - before);
        }
        assertEquals(0, best);
    }
}
