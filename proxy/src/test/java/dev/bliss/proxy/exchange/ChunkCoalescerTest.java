package dev.bliss.proxy.exchange;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.netty.buffer.ByteBuf;
import io.netty.buffer.PooledByteBufAllocator;
import io.netty.handler.codec.http.DefaultHttpContent;
import io.netty.handler.codec.http.HttpContent;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;

/** What goes out of a {@link ChunkCoalescer}, and when, for the pieces of one read burst (real pooled buffers). */
class ChunkCoalescerTest {

    private final List<HttpContent> written = new ArrayList<>();
    private final List<HttpContent> given = new ArrayList<>();
    private final ChunkCoalescer coalescer = new ChunkCoalescer(written::add);

    @AfterEach
    void release() {
        written.forEach(HttpContent::release);
        for (HttpContent c : given) {
            assertEquals(0, c.refCnt(), "every piece given is released once, by the coalescer or by whoever it wrote it to");
        }
    }

    private HttpContent piece(String text) {
        ByteBuf bytes = PooledByteBufAllocator.DEFAULT.directBuffer(text.length());
        bytes.writeCharSequence(text, StandardCharsets.ISO_8859_1);
        HttpContent c = new DefaultHttpContent(bytes);
        given.add(c);
        return c;
    }

    private static String text(HttpContent c) {
        return c.content().toString(StandardCharsets.ISO_8859_1);
    }

    @Test
    void shouldPassTheOnlyPieceOfABurstAsItIs() {
        HttpContent only = piece("abc");
        coalescer.add(only);
        assertEquals(List.of(), written, "kept until the burst ends");
        assertTrue(coalescer.holds());
        coalescer.end();
        assertSame(only, written.get(0), "neither copied nor re-wrapped");
        assertFalse(coalescer.holds());
    }

    @Test
    void shouldCoalesceTheSmallPiecesOfABurstIntoOneChunk() {
        for (int i = 0; i < 100; i++) {
            coalescer.add(piece("piece-" + i + ";"));
        }
        coalescer.end();
        assertEquals(1, written.size());
        StringBuilder expected = new StringBuilder();
        for (int i = 0; i < 100; i++) {
            expected.append("piece-").append(i).append(';');
        }
        assertEquals(expected.toString(), text(written.get(0)));
    }

    @Test
    void shouldWriteWhatIsKeptBeforeALargePieceAndPassTheLargeOneAsItIs() {
        HttpContent large = piece("x".repeat(ChunkCoalescer.SMALL));
        coalescer.add(piece("a"));
        coalescer.add(piece("b"));
        coalescer.add(large);
        assertEquals(2, written.size(), "the large piece is not held back");
        assertEquals("ab", text(written.get(0)));
        assertSame(large, written.get(1));
        coalescer.add(piece("c"));
        coalescer.end();
        assertEquals("c", text(written.get(2)), "in order");
    }

    @Test
    void shouldStartANewChunkWhenTheCoalescedOneIsFull() {
        String piece = "y".repeat(ChunkCoalescer.SMALL - 1);
        int pieces = ChunkCoalescer.CAPACITY / piece.length() + 1;
        for (int i = 0; i < pieces; i++) {
            coalescer.add(piece(piece));
        }
        coalescer.end();
        assertEquals(2, written.size());
        assertTrue(written.get(0).content().readableBytes() <= ChunkCoalescer.CAPACITY);
        assertEquals(pieces * piece.length(), written.get(0).content().readableBytes() + written.get(1).content().readableBytes());
    }

    @Test
    void shouldReleaseWhatItHoldsWhenDiscarded() {
        coalescer.add(piece("a"));
        coalescer.discard();
        coalescer.add(piece("b"));
        coalescer.add(piece("c"));
        coalescer.discard();
        coalescer.end();
        assertEquals(List.of(), written);
        assertFalse(coalescer.holds());
    }
}
