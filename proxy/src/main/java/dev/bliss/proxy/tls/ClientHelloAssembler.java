package dev.bliss.proxy.tls;

import io.netty.buffer.ByteBuf;
import java.util.Arrays;

/**
 * Collects the first handshake message of one connection from the TLS records it arrives in,
 * whatever the split: a ClientHello may come in several TCP segments, several records, or one
 * byte at a time. It only reads ({@code getBytes} at absolute indexes), so the caller passes the
 * same buffers on to the TLS handler untouched.
 *
 * <pre>
 *  record:     type(1)=22 | version(2)=0x03xx | length(2) 1..16384 | payload ...
 *  payloads:   msg_type(1)=1 | length(3) | ClientHello body ...      (concatenated)
 * </pre>
 *
 * <p>Bounded: the message buffer is 4 bytes until the handshake header gives the body length,
 * which must be at most {@link #MAX_MESSAGE_LENGTH}; it is then sized exactly once. Each byte is
 * looked at once, so byte-by-byte delivery costs no more than one read.
 *
 * <p>One instance per connection, used on its event loop only; after a status other than
 * {@link ClientHelloStatus#NEED_MORE} it must not be fed again.
 */
public final class ClientHelloAssembler {

    /** The largest ClientHello body accepted (real ones are under 2 KiB, with post-quantum key shares). */
    public static final int MAX_MESSAGE_LENGTH = 16 * 1024;

    static final int HANDSHAKE_HEADER_LENGTH = 4;
    private static final int RECORD_HEADER_LENGTH = 5;
    private static final int CONTENT_TYPE_HANDSHAKE = 22;
    private static final int HANDSHAKE_CLIENT_HELLO = 1;
    /** RFC 8446 5.1: a plaintext record carries at most 2^14 bytes. */
    private static final int MAX_RECORD_LENGTH = 1 << 14;

    private final byte[] recordHeader = new byte[RECORD_HEADER_LENGTH];
    private int recordHeaderFill;
    private int recordRemaining;
    private byte[] message = new byte[HANDSHAKE_HEADER_LENGTH];
    private int messageFill;
    private boolean first = true;

    /**
     * Reads the readable bytes of {@code in} (without moving its indexes) until the message is
     * whole or found bad. Bytes after the message are left for the TLS handler.
     */
    public ClientHelloStatus offer(ByteBuf in) {
        int index = in.readerIndex();
        int end = in.writerIndex();
        if (first && index < end) {
            first = false;
            if (in.getByte(index) != CONTENT_TYPE_HANDSHAKE) {
                return ClientHelloStatus.NOT_TLS;
            }
        }
        while (index < end) {
            if (recordRemaining == 0) {
                int n = Math.min(RECORD_HEADER_LENGTH - recordHeaderFill, end - index);
                in.getBytes(index, recordHeader, recordHeaderFill, n);
                recordHeaderFill += n;
                index += n;
                if (recordHeaderFill < RECORD_HEADER_LENGTH) {
                    return ClientHelloStatus.NEED_MORE;
                }
                recordHeaderFill = 0;
                ClientHelloStatus header = checkRecordHeader();
                if (header != ClientHelloStatus.NEED_MORE) {
                    return header;
                }
                continue;
            }
            int want = message.length - messageFill;
            int n = Math.min(Math.min(recordRemaining, end - index), want);
            in.getBytes(index, message, messageFill, n);
            messageFill += n;
            recordRemaining -= n;
            index += n;
            if (messageFill == message.length) {
                if (message.length == HANDSHAKE_HEADER_LENGTH) {
                    ClientHelloStatus header = growToMessageLength();
                    if (header != ClientHelloStatus.NEED_MORE) {
                        return header;
                    }
                } else {
                    return ClientHelloStatus.COMPLETE;
                }
            }
        }
        return ClientHelloStatus.NEED_MORE;
    }

    private ClientHelloStatus checkRecordHeader() {
        int length = (recordHeader[3] & 0xff) << 8 | recordHeader[4] & 0xff;
        if (recordHeader[0] != CONTENT_TYPE_HANDSHAKE || recordHeader[1] != 3
                || length == 0 || length > MAX_RECORD_LENGTH) {
            return ClientHelloStatus.MALFORMED;
        }
        recordRemaining = length;
        return ClientHelloStatus.NEED_MORE;
    }

    private ClientHelloStatus growToMessageLength() {
        if (message[0] != HANDSHAKE_CLIENT_HELLO) {
            return ClientHelloStatus.MALFORMED;
        }
        int length = (message[1] & 0xff) << 16 | (message[2] & 0xff) << 8 | message[3] & 0xff;
        if (length > MAX_MESSAGE_LENGTH) {
            return ClientHelloStatus.TOO_LARGE;
        }
        if (length == 0) {
            return ClientHelloStatus.MALFORMED;
        }
        message = Arrays.copyOf(message, HANDSHAKE_HEADER_LENGTH + length);
        return ClientHelloStatus.NEED_MORE;
    }

    /** The whole handshake message, header included; valid after {@link ClientHelloStatus#COMPLETE}. */
    public byte[] message() {
        return message;
    }

    /** The ClientHello body's offset in {@link #message()}. */
    public int bodyOffset() {
        return HANDSHAKE_HEADER_LENGTH;
    }

    /** The ClientHello body's length. */
    public int bodyLength() {
        return message.length - HANDSHAKE_HEADER_LENGTH;
    }
}
