package dev.bliss.proxy.stats;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.nio.charset.StandardCharsets;
import org.junit.jupiter.api.Test;

/**
 * The score sources' indexes: names told apart by every byte whatever their length, read from a
 * field's storage that still holds a longer earlier value past the length, also from the last
 * name looked up (compared first); and by a symbol's id once its name is learnt.
 */
class ScoreSourcesTest {

    private final ScoreSources sources = new ScoreSources();
    /** A Bytes field's storage: reused from request to request, never cleared. */
    private final byte[] storage = new byte[16];

    private int indexOf(String name) {
        byte[] b = name.getBytes(StandardCharsets.ISO_8859_1);
        System.arraycopy(b, 0, storage, 0, b.length);
        return sources.indexOf(storage, b.length);
    }

    @Test
    void shouldTellApartNamesThatDifferInOneByteAnywhere() {
        java.util.Arrays.fill(storage, (byte) 'x');
        assertEquals(0, indexOf("machine_learning"));
        assertEquals(1, indexOf("machine_learninh"), "the last byte differs");
        assertEquals(2, indexOf("nachine_learning"), "the first byte differs");
        assertEquals(3, indexOf("machine_learnin"), "a byte shorter: its last word starts a byte earlier");
        assertEquals(4, indexOf("machinE_learning"), "a byte only the first word covers");
        assertEquals(5, indexOf("machine_"), "eight bytes: one word, twice");
        assertEquals(6, indexOf("machine"), "under eight bytes: compared by bytes");
        assertEquals(0, indexOf("machine_learning"));
        assertEquals(3, indexOf("machine_learnin"), "found again though the storage holds a 'g' past it");
        assertEquals(5, indexOf("machine_"));
        assertEquals(6, indexOf("machine"));
        assertEquals(7, sources.size());
    }

    @Test
    void shouldNotTakeANameDifferingFromTheLastOneInOneByteForIt() {
        assertEquals(0, indexOf("machine_learning"));
        assertEquals(0, indexOf("machine_learning"), "the last name again");
        assertEquals(1, indexOf("machine_learninh"), "the last byte differs from the last name's");
        assertEquals(2, indexOf("nachine_learninh"), "the first byte differs");
        assertEquals(3, indexOf("nachinE_learninh"), "a byte only the first word covers differs");
        assertEquals(4, indexOf("nachinE_learnin"), "a byte shorter, in the same storage");
        assertEquals(1, indexOf("machine_learninh"));
        assertEquals(1, indexOf("machine_learninh"));
        assertEquals(0, indexOf("machine_learning"));
        assertEquals(5, sources.size());
    }

    @Test
    void shouldCountNamesPastTheTableAsOther() {
        String[] names = {"heuristics", "machine_learning", "verified_bot", "not_computed", "a", "", "sixteen_bytes_ok"};
        for (int i = 0; i < names.length; i++) {
            assertEquals(i, indexOf(names[i]), names[i]);
        }
        assertEquals(ScoreSources.MAX - 1, indexOf("seventeen_bytes!!".substring(0, 16)));
        assertEquals(ScoreSources.MAX - 1, indexOf("yet_another_one"));
        assertEquals(ScoreSources.OTHER, sources.name(ScoreSources.MAX - 1));
        assertEquals(ScoreSources.MAX, sources.size());
        assertEquals(5, indexOf(""), "the empty name keeps its own index, not other's");
        assertEquals(1, indexOf("machine_learning"));
    }

    @Test
    void shouldFindASymbolOnlyOnceItsNameIsLearnt() {
        int id = dev.bliss.plugin.field.Symbol.of("machine_learning").id();
        assertEquals(-1, sources.indexOfSymbol(-1), "a value set from bytes has no symbol");
        assertEquals(-1, sources.indexOfSymbol(id), "not seen yet: looked up by its bytes");
        assertEquals(0, indexOf("heuristics"));
        int learnt = indexOf("machine_learning");
        sources.learnSymbol(id, learnt);
        sources.learnSymbol(-1, 0); // no symbol: nothing to learn
        assertEquals(1, sources.indexOfSymbol(id));
        assertEquals(-1, sources.indexOfSymbol(dev.bliss.plugin.field.Symbol.of("heuristics").id()),
                "a name seen by its bytes only is not known by its symbol");
    }
}
