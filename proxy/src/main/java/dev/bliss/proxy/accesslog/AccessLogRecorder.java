package dev.bliss.proxy.accesslog;

import static dev.bliss.proxy.accesslog.AccessLogRecordLayout.*;

import dev.bliss.plugin.FirewallAction;
import dev.bliss.plugin.IpAddress;
import dev.bliss.plugin.field.BytesField;
import dev.bliss.plugin.field.Fields;
import dev.bliss.plugin.field.IntField;
import dev.bliss.proxy.config.OriginAddress;
import java.nio.ByteOrder;
import java.util.Arrays;
import java.util.concurrent.atomic.LongAdder;
import org.agrona.concurrent.AtomicBuffer;
import org.agrona.concurrent.ringbuffer.RingBuffer;

/**
 * One event loop's writer of access log records. The request path fills in what it knows about a
 * finished request, then {@link #commit()} copies it into the ring as one binary record
 * ({@link AccessLogRecordLayout}) and clears the recorder for the next request:
 *
 * <pre>{@code
 * recorder.timing(epochMillis, durationNanos, originNanos).status(status).client(address)
 *         .request(method, uri, host, protocol).route(name).upstream(origin)
 *         .decision(ruleId, action, localReason).fields(fields).tls(ja3, ja4).requestId(id)
 *         .commit();
 * }</pre>
 *
 * Every setter is optional; a string left unset (or null) is absent from the line. Strings are
 * held by reference until the commit and copied there, so they must stay unchanged until then
 * (they are the request's own, read in the same call).
 *
 * <p><b>Thread:</b> one event loop; not thread-safe. <b>Allocation:</b> none; a full ring drops
 * the record and counts it ({@link AccessLog#dropped()}), never waits.
 */
public final class AccessLogRecorder {

    private final RingBuffer ring;
    private final AtomicBuffer buffer;
    private final LongAdder dropped;
    private final IntField score;
    private final BytesField scoreSource;
    private final CharSequence[] texts = new CharSequence[TEXT_COUNT];
    private long epochMillis;
    private long durationMicros;
    private long originMicros = -1;
    private final IpAddress client = new IpAddress();
    private boolean hasClient;
    private int status;
    private int botScore = -1;
    private int upstreamPort;
    private FirewallAction action = FirewallAction.NONE;
    private byte[] sourceBytes;
    private int sourceLength;

    AccessLogRecorder(RingBuffer ring, LongAdder dropped, IntField score, BytesField scoreSource) {
        this.ring = ring;
        this.buffer = ring.buffer();
        this.dropped = dropped;
        this.score = score;
        this.scoreSource = scoreSource;
    }

    /**
     * @param originNanos from sending to the origin to its response head; negative when no origin
     *                    answered (answered locally, or the origin failed)
     */
    public AccessLogRecorder timing(long epochMillis, long durationNanos, long originNanos) {
        this.epochMillis = epochMillis;
        this.durationMicros = durationNanos / 1_000;
        this.originMicros = originNanos < 0 ? -1 : originNanos / 1_000;
        return this;
    }

    public AccessLogRecorder status(int status) {
        this.status = status;
        return this;
    }

    /** The client address (copied now). */
    public AccessLogRecorder client(IpAddress address) {
        if (address != null) {
            client.set(address);
            hasClient = true;
        }
        return this;
    }

    public AccessLogRecorder request(CharSequence method, CharSequence uri, CharSequence host, CharSequence protocol) {
        texts[METHOD] = method;
        texts[URI] = uri;
        texts[HOST] = host;
        texts[PROTOCOL] = protocol;
        return this;
    }

    public AccessLogRecorder route(CharSequence name) {
        texts[ROUTE] = name;
        return this;
    }

    /** The origin the request went to, or null. */
    public AccessLogRecorder upstream(OriginAddress origin) {
        if (origin != null) {
            texts[UPSTREAM_HOST] = origin.host();
            upstreamPort = origin.port();
        }
        return this;
    }

    /** The deciding (or first matching log) rule, its action, and why the proxy answered itself. */
    public AccessLogRecorder decision(CharSequence ruleId, FirewallAction action, CharSequence localReason) {
        texts[RULE_ID] = ruleId;
        this.action = action == null ? FirewallAction.NONE : action;
        texts[LOCAL_REASON] = localReason;
        return this;
    }

    /**
     * The request's fields: {@code bot.score} and {@code bot.score_source} are logged when the
     * scheme has them (the access log names fields, not plugins) and a detector set them.
     */
    public AccessLogRecorder fields(Fields fields) {
        if (score != null && fields.isSet(score)) {
            botScore = (int) fields.get(score);
        }
        if (scoreSource != null && fields.isSet(scoreSource)) {
            sourceBytes = fields.bytes(scoreSource);
            sourceLength = fields.length(scoreSource);
        }
        return this;
    }

    public AccessLogRecorder tls(CharSequence ja3Hash, CharSequence ja4) {
        texts[JA3] = ja3Hash;
        texts[JA4] = ja4;
        return this;
    }

    public AccessLogRecorder requestId(CharSequence id) {
        texts[REQUEST_ID] = id;
        return this;
    }

    /** Writes the record into the ring (or counts it dropped when the ring is full) and clears. */
    public void commit() {
        int length = TEXTS_OFFSET;
        for (int t = 0; t < TEXT_COUNT; t++) {
            length += Short.BYTES + Character.BYTES * chars(t);
        }
        int index = ring.tryClaim(MESSAGE_TYPE, length);
        if (index <= 0) {
            dropped.increment();
            clear();
            return;
        }
        ByteOrder order = ByteOrder.nativeOrder();
        buffer.putLong(index + TIMESTAMP_OFFSET, epochMillis, order);
        buffer.putLong(index + DURATION_OFFSET, durationMicros, order);
        buffer.putLong(index + ORIGIN_TIME_OFFSET, originMicros, order);
        buffer.putLong(index + CLIENT_HIGH_OFFSET, client.high(), order);
        buffer.putLong(index + CLIENT_LOW_OFFSET, client.low(), order);
        buffer.putInt(index + STATUS_OFFSET, status, order);
        buffer.putInt(index + SCORE_OFFSET, botScore, order);
        buffer.putInt(index + UPSTREAM_PORT_OFFSET, upstreamPort, order);
        buffer.putByte(index + ACTION_OFFSET, (byte) action.ordinal());
        buffer.putByte(index + FLAGS_OFFSET, (byte) (hasClient ? FLAG_CLIENT : 0));
        int at = index + TEXTS_OFFSET;
        for (int t = 0; t < TEXT_COUNT; t++) {
            int n = chars(t);
            buffer.putShort(at, (short) n, order);
            at += Short.BYTES;
            if (t == SCORE_SOURCE) {
                for (int i = 0; i < n; i++, at += Character.BYTES) {
                    buffer.putChar(at, (char) (sourceBytes[i] & 0xFF), order);
                }
            } else {
                CharSequence s = texts[t];
                for (int i = 0; i < n; i++, at += Character.BYTES) {
                    buffer.putChar(at, s.charAt(i), order);
                }
            }
        }
        ring.commit(index);
        clear();
    }

    private int chars(int text) {
        if (text == SCORE_SOURCE) {
            return sourceBytes == null ? 0 : Math.min(sourceLength, MAX_TEXT);
        }
        CharSequence s = texts[text];
        return s == null ? 0 : Math.min(s.length(), maxChars(text));
    }

    private void clear() {
        Arrays.fill(texts, null);
        epochMillis = 0;
        durationMicros = 0;
        originMicros = -1;
        hasClient = false;
        status = 0;
        botScore = -1;
        upstreamPort = 0;
        action = FirewallAction.NONE;
        sourceBytes = null;
        sourceLength = 0;
    }
}
