package dev.bliss.proxy.accesslog;

/**
 * The binary record of one finished request in the access log's ring: written on an event loop
 * by {@link AccessLogRecorder}, read on the writer thread by {@link AccessLogJson}. One process, so
 * numbers are in the buffer's native order.
 *
 * <pre>
 *   0                   8                   16                  24
 *   ├─ timestamp ms ────┼─ duration µs ─────┼─ origin µs ───────┤   origin µs: -1 when no origin answered
 *   24                  32                  40
 *   ├─ client high ─────┼─ client low ──────┤                       IpAddress's two longs
 *   40        44        48        52   53   54   56
 *   ├ status ─┼ score ──┼ up port ┼ A ─┼ F ─┼pad ┤                   score -1: no bot.score; up port 0: no origin
 *   56: TEXT_COUNT strings, each a u16 length then that many UTF-16 code units, in TEXT order
 *
 *   A firewall action ordinal     F flags: bit 0 client address present
 * </pre>
 *
 * A string longer than its bound ({@link #MAX_URI}, {@link #MAX_TEXT}) is cut, so a record's size
 * is bounded ({@link #MAX_LENGTH}).
 */
final class AccessLogRecordLayout {

    /** The ring's message type of an access log record. */
    static final int MESSAGE_TYPE = 1;

    static final int TIMESTAMP_OFFSET = 0;
    static final int DURATION_OFFSET = 8;
    static final int ORIGIN_TIME_OFFSET = 16;
    static final int CLIENT_HIGH_OFFSET = 24;
    static final int CLIENT_LOW_OFFSET = 32;
    static final int STATUS_OFFSET = 40;
    static final int SCORE_OFFSET = 44;
    static final int UPSTREAM_PORT_OFFSET = 48;
    static final int ACTION_OFFSET = 52;
    static final int FLAGS_OFFSET = 53;
    static final int TEXTS_OFFSET = 56;

    static final int FLAG_CLIENT = 1;

    /** The strings of a record, in the order they are written. */
    static final int METHOD = 0;
    static final int URI = 1;
    static final int HOST = 2;
    static final int PROTOCOL = 3;
    static final int ROUTE = 4;
    static final int UPSTREAM_HOST = 5;
    static final int LOCAL_REASON = 6;
    static final int RULE_ID = 7;
    static final int SCORE_SOURCE = 8;
    static final int JA3 = 9;
    static final int JA4 = 10;
    static final int REQUEST_ID = 11;
    static final int TEXT_COUNT = 12;

    /** Characters of the request target kept; a longer one is cut (and the line says so). */
    static final int MAX_URI = 8192;
    /** Characters kept of every other string. */
    static final int MAX_TEXT = 256;

    static final int MAX_LENGTH = TEXTS_OFFSET + TEXT_COUNT * Short.BYTES + Character.BYTES * (MAX_URI + (TEXT_COUNT - 1) * MAX_TEXT);

    private AccessLogRecordLayout() {
    }

    static int maxChars(int text) {
        return text == URI ? MAX_URI : MAX_TEXT;
    }
}
