package dev.bliss.proxy.listener;

import io.netty.buffer.ByteBuf;
import io.netty.buffer.ByteBufAllocator;
import io.netty.channel.ChannelConfig;
import io.netty.channel.RecvByteBufAllocator;
import io.netty.util.UncheckedBooleanSupplier;

/**
 * Makes an HTTP/2 stream channel's read burst the connection's: its {@code channelReadComplete}
 * comes once the connection's read is done, not after every few frames, so that what the stream's
 * handlers write per burst (a body's DATA frames coalesced into one chunk for the origin) is
 * written once per burst.
 *
 * <p>A stream channel reads no socket; its allocator only decides, after each frame the connection
 * hands it, whether to end the burst now ({@link Handle#continueReading()} false) or with the
 * connection's. Netty's default handle counts frames against {@code maxMessagesPerRead} (16) and is
 * reset only when a read finds frames waiting, not while they arrive as they are read, so past the
 * sixteenth frame an upload ended a burst after every frame: one chunk, and one write to the
 * origin, per DATA frame. Here the burst goes on
 * while the stream reads at all (auto-read), which is what back-pressure turns off; the connection's
 * own read loop stays bounded by its channel's allocator.
 *
 * <p>Stateless and shared; a handle per stream channel.
 */
final class StreamReadBursts implements RecvByteBufAllocator {

    static final StreamReadBursts INSTANCE = new StreamReadBursts();

    private StreamReadBursts() {
    }

    @Override
    public Handle newHandle() {
        return new BurstHandle();
    }

    private static final class BurstHandle implements ExtendedHandle {

        private ChannelConfig config;
        private int lastBytesRead;
        private int attemptedBytesRead;

        @Override
        public void reset(ChannelConfig config) {
            this.config = config;
        }

        @Override
        public boolean continueReading() {
            return config.isAutoRead();
        }

        @Override
        public boolean continueReading(UncheckedBooleanSupplier maybeMoreDataSupplier) {
            return config.isAutoRead();
        }

        @Override
        public ByteBuf allocate(ByteBufAllocator alloc) {
            return alloc.ioBuffer(guess()); // never called: a stream channel reads frames, not bytes
        }

        @Override
        public int guess() {
            return 1024;
        }

        @Override
        public void incMessagesRead(int numMessages) {
        }

        @Override
        public void lastBytesRead(int bytes) {
            lastBytesRead = bytes;
        }

        @Override
        public int lastBytesRead() {
            return lastBytesRead;
        }

        @Override
        public void attemptedBytesRead(int bytes) {
            attemptedBytesRead = bytes;
        }

        @Override
        public int attemptedBytesRead() {
            return attemptedBytesRead;
        }

        @Override
        public void readComplete() {
        }
    }
}
