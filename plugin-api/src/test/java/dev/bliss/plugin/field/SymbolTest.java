package dev.bliss.plugin.field;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertSame;

import java.nio.charset.StandardCharsets;
import java.util.Arrays;
import java.util.HashSet;
import java.util.List;
import java.util.Set;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;

/**
 * Symbols: one per text for the process, with dense ids also when threads race to make them; and
 * a Bytes value set from one reads as its text, tells its id, and stops telling it as soon as
 * the field is set otherwise, cleared or truncated.
 */
class SymbolTest {

    private final FieldSchemeBuilder builder = new FieldSchemeBuilder();
    private final BytesField source = builder.registryFor("bot").produceBytes("bot.score_source", 16);
    private final BytesField shortField = builder.registryFor("test").produceBytes("test.short", 4);
    private final Fields fields = builder.build().newTable();

    @Test
    void shouldHandBackOneInstancePerText() {
        Symbol a = Symbol.of("symbol-test-a");
        assertSame(a, Symbol.of(new String("symbol-test-a".toCharArray())));
        assertNotEquals(a.id(), Symbol.of("symbol-test-b").id());
        assertEquals("symbol-test-a", a.text());
    }

    @Test
    void shouldReadAsItsTextAndTellItsId() {
        Symbol ml = Symbol.of("machine_learning");
        fields.set(source, ml);
        assertEquals(ml.id(), fields.symbol(source));
        assertEquals(16, fields.length(source));
        assertArrayEquals("machine_learning".getBytes(StandardCharsets.US_ASCII), Arrays.copyOf(fields.bytes(source), 16));
    }

    @Test
    void shouldTellNoSymbolForAValueSetOtherwise() {
        Symbol ml = Symbol.of("machine_learning");
        assertEquals(-1, fields.symbol(source), "unset");
        fields.set(source, ml);
        fields.set(source, "machine_learning");
        assertEquals(-1, fields.symbol(source), "the same text, set from characters");
        fields.set(source, ml);
        byte[] text = "heuristics".getBytes(StandardCharsets.US_ASCII);
        fields.set(source, text, 0, text.length);
        assertEquals(-1, fields.symbol(source), "set from bytes");
        fields.set(source, ml);
        fields.clear(source);
        assertEquals(-1, fields.symbol(source), "cleared");
        fields.set(source, ml);
        fields.reset();
        assertEquals(-1, fields.symbol(source), "reset for the next request");
    }

    @Test
    void shouldNotTellATruncatedSymbol() {
        fields.set(shortField, Symbol.of("heuristics"));
        assertEquals(4, fields.length(shortField));
        assertEquals(-1, fields.symbol(shortField), "'heur' is not the symbol");
        Symbol fits = Symbol.of("heur");
        fields.set(shortField, fits);
        assertEquals(fits.id(), fields.symbol(shortField));
    }

    @Test
    void shouldNumberDenselyWhenThreadsRaceToMakeTheSameSymbols() throws Exception {
        int threads = 4;
        List<String> texts = java.util.stream.IntStream.range(0, 200).mapToObj(i -> "symbol-race-" + i).toList();
        int before = Symbol.count();
        ExecutorService pool = Executors.newFixedThreadPool(threads);
        try {
            CountDownLatch start = new CountDownLatch(1);
            List<Future<int[]>> made = new java.util.ArrayList<>();
            for (int t = 0; t < threads; t++) {
                made.add(pool.submit(() -> {
                    start.await();
                    return texts.stream().mapToInt(s -> Symbol.of(s).id()).toArray();
                }));
            }
            start.countDown();
            int[] first = made.get(0).get(10, TimeUnit.SECONDS);
            for (Future<int[]> f : made) {
                assertArrayEquals(first, f.get(10, TimeUnit.SECONDS), "every thread got the same symbols");
            }
            Set<Integer> ids = new HashSet<>();
            for (int id : first) {
                ids.add(id);
            }
            assertEquals(texts.size(), ids.size(), "one id per text");
            // dense: the new texts took exactly as many new ids, each below the count
            assertEquals(before + texts.size(), Symbol.count());
            assertEquals(Symbol.count() - 1, ids.stream().mapToInt(Integer::intValue).max().orElseThrow());
        } finally {
            pool.shutdownNow();
        }
    }
}
