package dev.bliss.proxy.accesslog;

import static dev.bliss.proxy.accesslog.AccessLogRecordLayout.*;

import dev.bliss.plugin.FirewallAction;
import dev.bliss.plugin.IpAddress;
import java.nio.ByteOrder;
import org.agrona.DirectBuffer;

/**
 * Formats one access log record ({@link AccessLogRecordLayout}) as a JSON line:
 *
 * <pre>
 * {"ts":1764619063123,"request_id":"…","client":"203.0.113.7","method":"GET","uri":"/a?b=c",
 *  "host":"shop.example","protocol":"http/1.1","status":200,"duration_us":1830,"origin_us":1410,
 *  "route":"api","origin":"10.0.0.5:8080","bot_score":87,"score_source":"machine_learning",
 *  "rule_id":"…","action":"block","local_reason":"blocked","ja3_hash":"…","ja4":"…"}
 * </pre>
 *
 * Absent values are left out (no nulls); {@code action} only when a rule matched. Writer thread
 * only: its scratch and the line are reused, so a line costs no allocation there either.
 */
final class AccessLogJson {

    private static final FirewallAction[] ACTIONS = FirewallAction.values();

    private final IpAddress client = new IpAddress();
    private final StringBuilder address = new StringBuilder(48);
    private final int[] textStart = new int[TEXT_COUNT];
    private final int[] textLength = new int[TEXT_COUNT];

    void format(DirectBuffer b, int index, JsonLine line) {
        ByteOrder order = ByteOrder.nativeOrder();
        int p = index + TEXTS_OFFSET;
        for (int t = 0; t < TEXT_COUNT; t++) {
            textLength[t] = b.getShort(p, order) & 0xFFFF;
            textStart[t] = p + Short.BYTES;
            p = textStart[t] + Character.BYTES * textLength[t];
        }

        line.ascii("{\"ts\":").number(b.getLong(index + TIMESTAMP_OFFSET, order));
        text(line, "request_id", b, textStart[REQUEST_ID], textLength[REQUEST_ID]);
        if ((b.getByte(index + FLAGS_OFFSET) & FLAG_CLIENT) != 0) {
            client.set(b.getLong(index + CLIENT_HIGH_OFFSET, order), b.getLong(index + CLIENT_LOW_OFFSET, order));
            address.setLength(0);
            client.appendTo(address);
            line.ascii(",\"client\":\"");
            for (int i = 0; i < address.length(); i++) {
                line.put(address.charAt(i));
            }
            line.put('"');
        }
        text(line, "method", b, textStart[METHOD], textLength[METHOD]);
        text(line, "uri", b, textStart[URI], textLength[URI]);
        text(line, "host", b, textStart[HOST], textLength[HOST]);
        text(line, "protocol", b, textStart[PROTOCOL], textLength[PROTOCOL]);
        line.ascii(",\"status\":").number(b.getInt(index + STATUS_OFFSET, order));
        line.ascii(",\"duration_us\":").number(b.getLong(index + DURATION_OFFSET, order));
        long origin = b.getLong(index + ORIGIN_TIME_OFFSET, order);
        if (origin >= 0) {
            line.ascii(",\"origin_us\":").number(origin);
        }
        text(line, "route", b, textStart[ROUTE], textLength[ROUTE]);
        int port = b.getInt(index + UPSTREAM_PORT_OFFSET, order);
        if (textLength[UPSTREAM_HOST] > 0) {
            line.ascii(",\"origin\":\"");
            boolean v6 = contains(b, textStart[UPSTREAM_HOST], textLength[UPSTREAM_HOST], ':');
            if (v6) {
                line.put('[');
            }
            chars(line, b, textStart[UPSTREAM_HOST], textLength[UPSTREAM_HOST]);
            if (v6) {
                line.put(']');
            }
            line.put(':').number(port).put('"');
        }
        int score = b.getInt(index + SCORE_OFFSET, order);
        if (score >= 0) {
            line.ascii(",\"bot_score\":").number(score);
        }
        text(line, "score_source", b, textStart[SCORE_SOURCE], textLength[SCORE_SOURCE]);
        text(line, "rule_id", b, textStart[RULE_ID], textLength[RULE_ID]);
        FirewallAction action = ACTIONS[b.getByte(index + ACTION_OFFSET)];
        if (action != FirewallAction.NONE) {
            line.ascii(",\"action\":\"").ascii(action.text()).put('"');
        }
        text(line, "local_reason", b, textStart[LOCAL_REASON], textLength[LOCAL_REASON]);
        text(line, "ja3_hash", b, textStart[JA3], textLength[JA3]);
        text(line, "ja4", b, textStart[JA4], textLength[JA4]);
        line.put('}');
    }

    private static void text(JsonLine line, String name, DirectBuffer b, int start, int length) {
        if (length == 0) {
            return;
        }
        line.ascii(",\"").ascii(name).ascii("\":\"");
        chars(line, b, start, length);
        line.put('"');
    }

    private static void chars(JsonLine line, DirectBuffer b, int start, int length) {
        ByteOrder order = ByteOrder.nativeOrder();
        for (int i = 0; i < length; ) {
            char c = b.getChar(start + Character.BYTES * i, order);
            char next = i + 1 < length ? b.getChar(start + Character.BYTES * (i + 1), order) : 0;
            i += line.stringChar(c, next);
        }
    }

    private static boolean contains(DirectBuffer b, int start, int length, char wanted) {
        for (int i = 0; i < length; i++) {
            if (b.getChar(start + Character.BYTES * i, ByteOrder.nativeOrder()) == wanted) {
                return true;
            }
        }
        return false;
    }
}
