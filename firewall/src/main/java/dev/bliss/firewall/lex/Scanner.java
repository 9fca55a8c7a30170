package dev.bliss.firewall.lex;

import dev.bliss.plugin.IpAddress;
import java.io.ByteArrayOutputStream;
import java.nio.charset.StandardCharsets;

/**
 * A cursor over a filter's source with the lexing primitives the parser calls.
 *
 * <p>Offsets are character offsets into the whole source, so an error span can be turned into a
 * line and a column without remembering what was trimmed. Whitespace between tokens is only
 * space, CR and LF: a tab is not skipped (carets under a tab would not line up), as in wirefilter.
 * Every failure is a {@link LexException} whose span starts where the input could not be read and
 * (unless a narrower span is more useful) runs to the end of the input; the error printer clips
 * it to the line.
 *
 * <p>Startup and reload only; not thread-safe.
 */
public final class Scanner {

    private final String src;
    private final int end;
    private int pos;

    /** Scans {@code src[start, end)}. */
    public Scanner(String src, int start, int end) {
        this.src = src;
        this.pos = start;
        this.end = end;
    }

    public String source() {
        return src;
    }

    public int pos() {
        return pos;
    }

    public int end() {
        return end;
    }

    /** Moves the cursor back, for the parser's one bounded look-ahead (function arguments). */
    public void reset(int position) {
        this.pos = position;
    }

    public boolean atEnd() {
        return pos >= end;
    }

    /** The current character, or -1 at the end. */
    public int peek() {
        return pos < end ? src.charAt(pos) : -1;
    }

    public int peek(int ahead) {
        int i = pos + ahead;
        return i < end ? src.charAt(i) : -1;
    }

    public void skipSpace() {
        while (pos < end) {
            char c = src.charAt(pos);
            if (c != ' ' && c != '\r' && c != '\n') {
                return;
            }
            pos++;
        }
    }

    public boolean lookingAt(String literal) {
        return src.startsWith(literal, pos) && pos + literal.length() <= end;
    }

    /** Consumes {@code literal} if the input continues with it. */
    public boolean consume(String literal) {
        if (lookingAt(literal)) {
            pos += literal.length();
            return true;
        }
        return false;
    }

    /**
     * Whether the input continues with the alphabetic keyword {@code word} as a whole word.
     * wirefilter matches keywords as bare prefixes, so a field called {@code notes} would lex as
     * {@code not es}; bliss requires a word boundary (a documented divergence).
     */
    public boolean lookingAtKeyword(String word) {
        if (!lookingAt(word)) {
            return false;
        }
        int after = pos + word.length();
        return after >= end || !isIdentifierChar(src.charAt(after));
    }

    public boolean consumeKeyword(String word) {
        if (lookingAtKeyword(word)) {
            pos += word.length();
            return true;
        }
        return false;
    }

    /** Consumes {@code literal} or fails with wirefilter's {@code expected literal "x"}. */
    public void expect(String literal) {
        if (!consume(literal)) {
            throw rest("expected literal \"" + literal + '"');
        }
    }

    /** An error whose span is the rest of the input from the cursor. */
    public LexException rest(String message) {
        return new LexException(message, pos, end);
    }

    public LexException error(String message, int from, int to) {
        return new LexException(message, from, to);
    }

    public static boolean isIdentifierChar(int c) {
        return c >= 'a' && c <= 'z' || c >= 'A' && c <= 'Z' || c >= '0' && c <= '9' || c == '_';
    }

    /** A dotted identifier: {@code [A-Za-z0-9_]+ ("." [A-Za-z0-9_]+)*}. */
    public String identifier() {
        int start = pos;
        while (true) {
            int partStart = pos;
            while (pos < end && isIdentifierChar(src.charAt(pos))) {
                pos++;
            }
            if (pos == partStart) {
                throw rest("expected identifier character");
            }
            if (pos < end && src.charAt(pos) == '.') {
                pos++;
                continue;
            }
            return src.substring(start, pos);
        }
    }

    // ---- integers

    /**
     * A 64-bit integer as wirefilter reads it: {@code 0x} hexadecimal, a leading {@code 0} octal,
     * otherwise an optionally negative decimal. Hexadecimal digits are taken in every radix so
     * that {@code 10fe} fails as a whole rather than at {@code f}.
     */
    public long integer() {
        int start = pos;
        if (consume("0x")) {
            int digits = pos;
            takeHexDigits();
            return parseLong(digits, pos, 16);
        }
        if (peek() == '0') {
            takeHexDigits();
            return parseLong(start, pos, 8);
        }
        consume("-");
        takeHexDigits();
        return parseLong(start, pos, 10);
    }

    /** An integer or an inclusive range {@code a..b}; returns {@code {first, last}}. */
    public long[] intRange() {
        int start = pos;
        long first = integer();
        long last = first;
        if (consume("..")) {
            last = integer();
        }
        if (last < first) {
            throw error("incompatible range bounds", start, pos);
        }
        return new long[] {first, last};
    }

    private void takeHexDigits() {
        int start = pos;
        while (pos < end && Character.digit(src.charAt(pos), 16) >= 0 && src.charAt(pos) < 128) {
            pos++;
        }
        if (pos == start) {
            throw rest("expected digit");
        }
    }

    private long parseLong(int from, int to, int radix) {
        String text = src.substring(from, to);
        String problem = integerProblem(text, radix);
        if (problem != null) {
            throw error(problem + " while parsing with radix " + radix, from, to);
        }
        return Long.parseLong(text, radix);
    }

    /** Why {@code text} is not an i64 in {@code radix}, in Rust's words, or null. */
    private static String integerProblem(String text, int radix) {
        int i = text.startsWith("-") || text.startsWith("+") ? 1 : 0;
        if (i == text.length()) {
            return text.isEmpty() ? "cannot parse integer from empty string" : "invalid digit found in string";
        }
        for (int j = i; j < text.length(); j++) {
            if (Character.digit(text.charAt(j), radix) < 0) {
                return "invalid digit found in string";
            }
        }
        try {
            Long.parseLong(text, radix);
            return null;
        } catch (NumberFormatException e) {
            return text.startsWith("-") ? "number too small to fit in target type" : "number too large to fit in target type";
        }
    }

    // ---- floats (a bliss extension: wirefilter has no Float type)

    /** {@code -?digits(.digits)?([eE][+-]?digits)?} */
    public double floatNumber() {
        int start = pos;
        consume("-");
        int digits = pos;
        while (pos < end && isDigit(src.charAt(pos))) {
            pos++;
        }
        if (pos == digits) {
            throw rest("expected digit");
        }
        if (pos + 1 < end && src.charAt(pos) == '.' && isDigit(src.charAt(pos + 1))) {
            pos++;
            while (pos < end && isDigit(src.charAt(pos))) {
                pos++;
            }
        }
        if (pos < end && (src.charAt(pos) == 'e' || src.charAt(pos) == 'E')) {
            int mark = pos;
            pos++;
            if (pos < end && (src.charAt(pos) == '+' || src.charAt(pos) == '-')) {
                pos++;
            }
            int exp = pos;
            while (pos < end && isDigit(src.charAt(pos))) {
                pos++;
            }
            if (pos == exp) {
                pos = mark;
            }
        }
        return Double.parseDouble(src.substring(start, pos));
    }

    private static boolean isDigit(char c) {
        return c >= '0' && c <= '9';
    }

    // ---- IP addresses, networks and ranges

    /** A single address (for ordering comparisons). */
    public IpAddress ipAddress() {
        int start = pos;
        String chunk = ipChunk();
        IpAddress a = new IpAddress();
        if (!a.parse(chunk)) {
            throw error("invalid IP address syntax", start, pos);
        }
        return a;
    }

    /**
     * An address, a CIDR network or an explicit range {@code a..b} (same family, {@code a <= b});
     * returns the first and last address of the range.
     */
    public IpAddress[] ipRange() {
        int start = pos;
        String chunk = ipChunk();
        int dots = chunk.indexOf("..");
        if (dots >= 0) {
            IpAddress first = new IpAddress();
            IpAddress last = new IpAddress();
            if (!first.parse(chunk, 0, dots)) {
                throw error("invalid IP address syntax", start, start + dots);
            }
            if (!last.parse(chunk, dots + 2, chunk.length())) {
                throw error("invalid IP address syntax", start + dots + 2, pos);
            }
            if (first.isIpv4() != last.isIpv4() || first.compareTo(last.high(), last.low()) > 0) {
                throw error("incompatible range bounds", start, pos);
            }
            return new IpAddress[] {first, last};
        }
        int slash = chunk.indexOf('/');
        IpAddress address = new IpAddress();
        if (!address.parse(chunk, 0, slash < 0 ? chunk.length() : slash)) {
            throw error("couldn't parse address in network: invalid IP address syntax", start, slash < 0 ? pos : start + slash);
        }
        if (slash < 0) {
            return new IpAddress[] {address, new IpAddress().set(address)};
        }
        String lengthText = chunk.substring(slash + 1);
        // the prefix counts bits of the address as written: an IPv6 text is 128 bits even when it
        // is IPv4-mapped (::ffff:0:0/96), an IPv4 text 32 (held mapped, so in the low bits)
        int max = chunk.lastIndexOf(':', slash) >= 0 ? 128 : 32;
        int length;
        if (lengthText.isEmpty() || !lengthText.chars().allMatch(c -> c >= '0' && c <= '9')) {
            throw error("couldn't parse length in network: " + (lengthText.isEmpty()
                    ? "cannot parse integer from empty string" : "invalid digit found in string"), start + slash + 1, pos);
        }
        try {
            length = Integer.parseInt(lengthText);
        } catch (NumberFormatException e) {
            length = Integer.MAX_VALUE;
        }
        if (length > max) {
            throw error("invalid length for network: network length " + lengthText + " is too long for "
                    + (max == 32 ? "Ipv4" : "Ipv6") + " (maximum: " + max + ')', start, pos);
        }
        // bits of the 128-bit address that the prefix leaves to hosts
        int hostBits = max - length;
        long hostHigh = hostBits > 64 ? mask(hostBits - 64) : 0;
        long hostLow = hostBits >= 64 ? -1L : mask(hostBits);
        if ((address.high() & hostHigh) != 0 || (address.low() & hostLow) != 0) {
            throw error("host part of address was not zero", start, start + slash);
        }
        IpAddress last = new IpAddress().set(address.high() | hostHigh, address.low() | hostLow);
        return new IpAddress[] {address, last};
    }

    private static long mask(int bits) {
        return bits == 0 ? 0 : bits >= 64 ? -1L : (1L << bits) - 1;
    }

    private String ipChunk() {
        int start = pos;
        while (pos < end) {
            char c = src.charAt(pos);
            boolean ok = c >= '0' && c <= '9' || c >= 'a' && c <= 'f' || c >= 'A' && c <= 'F' || c == ':' || c == '.' || c == '/';
            if (!ok) {
                break;
            }
            pos++;
        }
        if (pos == start) {
            throw rest("expected IP address character");
        }
        return src.substring(start, pos);
    }

    // ---- byte strings

    /** How a byte-string literal was written; the printer writes it back the same way. */
    public enum StringForm {
        QUOTED, RAW, HEX
    }

    /** A byte string with the form it was written in and, for raw strings, its hash count. */
    public record StringLiteral(byte[] bytes, StringForm form, int hashes) {
    }

    /** A Bytes literal: quoted, raw, or hex bytes {@code 01:02-03.04}. */
    public StringLiteral bytesLiteral() {
        int c = peek();
        if (c == '"' || c == 'r') {
            return quotedOrRaw();
        }
        if (c < 0) {
            throw rest("unrecognised input");
        }
        return new StringLiteral(hexBytes(), StringForm.HEX, 0);
    }

    /** A quoted or raw string, nothing else. */
    public StringLiteral quotedOrRaw() {
        int c = peek();
        if (c == '"') {
            pos++;
            return new StringLiteral(quoted(), StringForm.QUOTED, 0);
        }
        if (c == 'r') {
            pos++;
            int[] hashes = new int[1];
            String text = raw(hashes);
            return new StringLiteral(text.getBytes(StandardCharsets.UTF_8), StringForm.RAW, hashes[0]);
        }
        if (c < 0) {
            throw rest("unrecognised input");
        }
        throw rest("expected \" or r");
    }

    /** The body of a quoted string, after its opening quote. */
    private byte[] quoted() {
        int bodyStart = pos;
        ByteArrayOutputStream out = new ByteArrayOutputStream();
        while (true) {
            if (pos >= end) {
                throw error("could not find an ending quote", bodyStart, end);
            }
            char c = src.charAt(pos++);
            if (c == '"') {
                return out.toByteArray();
            }
            if (c != '\\') {
                putChar(out, c);
                continue;
            }
            if (pos >= end) {
                throw error("could not find an ending quote", bodyStart, end);
            }
            char e = src.charAt(pos);
            if (e == '"' || e == '\\') {
                out.write(e);
                pos++;
            } else if (e == 'x') {
                pos++;
                out.write(fixedByte(2, 16));
            } else if (e >= '0' && e <= '7') {
                out.write(fixedByte(3, 8));
            } else {
                throw error("expected \", xHH or OOO after \\", pos, pos + 1);
            }
        }
    }

    private void putChar(ByteArrayOutputStream out, char c) {
        if (c < 0x80) {
            out.write(c);
            return;
        }
        int cp = c;
        if (Character.isHighSurrogate(c) && pos < end && Character.isLowSurrogate(src.charAt(pos))) {
            cp = Character.toCodePoint(c, src.charAt(pos++));
        }
        out.writeBytes(new String(Character.toChars(cp)).getBytes(StandardCharsets.UTF_8));
    }

    private int fixedByte(int digits, int radix) {
        if (end - pos < digits) {
            throw rest("expected " + digits + " characters, but found " + (end - pos));
        }
        int from = pos;
        String text = src.substring(pos, pos + digits);
        pos += digits;
        String problem = integerProblem(text, radix);
        int value = problem == null ? Integer.parseInt(text, radix) : -1;
        if (problem == null && value > 255) {
            problem = "number too large to fit in target type";
        }
        if (problem != null) {
            throw error(problem + " while parsing with radix " + radix, from, pos);
        }
        return value;
    }

    /** The body of a raw string after its {@code r}: {@code #*"…"#*}. */
    private String raw(int[] hashCount) {
        int afterR = pos;
        int hashes = 0;
        while (pos < end && src.charAt(pos) == '#') {
            hashes++;
            pos++;
        }
        if (hashes > 255) {
            throw error("invalid raw string hash count, there can't be more than 255 #s", afterR, end);
        }
        if (pos >= end || src.charAt(pos) != '"') {
            throw rest("expected \" or #");
        }
        pos++;
        String closing = '"' + "#".repeat(hashes);
        int close = src.indexOf(closing, pos);
        if (close < 0 || close + closing.length() > end) {
            throw error("could not find an ending quote", afterR, end);
        }
        String body = src.substring(pos, close);
        pos = close + closing.length();
        hashCount[0] = hashes;
        return body;
    }

    /** Hex bytes separated by {@code :}, {@code -} or {@code .}; at least two bytes. */
    private byte[] hexBytes() {
        ByteArrayOutputStream out = new ByteArrayOutputStream();
        out.write(fixedByte(2, 16));
        separator();
        while (true) {
            out.write(fixedByte(2, 16));
            int c = peek();
            if (c == ':' || c == '-' || c == '.') {
                pos++; // a separator must be followed by another byte: "01:02:" is an error
                continue;
            }
            return out.toByteArray();
        }
    }

    private void separator() {
        if (pos >= end) {
            throw rest("expected 1 characters, but found 0");
        }
        char c = src.charAt(pos);
        if (c != ':' && c != '-' && c != '.') {
            throw error("expected byte separator", pos, pos + 1);
        }
        pos++;
    }

    // ---- regex and wildcard text

    /**
     * The text of a regex or wildcard: a quoted string in which only {@code \"} is unescaped and
     * every other backslash sequence is kept for the pattern's own syntax, or a raw string.
     */
    public StringLiteral patternText() {
        int c = peek();
        if (c == 'r') {
            pos++;
            int[] hashes = new int[1];
            String text = raw(hashes);
            return new StringLiteral(text.getBytes(StandardCharsets.UTF_8), StringForm.RAW, hashes[0]);
        }
        if (c != '"') {
            if (c < 0) {
                throw rest("unrecognised input");
            }
            throw rest("expected \" or r");
        }
        pos++;
        int bodyStart = pos;
        StringBuilder out = new StringBuilder();
        while (true) {
            if (pos >= end) {
                throw error("could not find an ending quote", bodyStart, end);
            }
            char ch = src.charAt(pos++);
            if (ch == '"') {
                return new StringLiteral(out.toString().getBytes(StandardCharsets.UTF_8), StringForm.QUOTED, 0);
            }
            if (ch == '\\') {
                if (pos >= end) {
                    throw error("could not find an ending quote", bodyStart, end);
                }
                char next = src.charAt(pos++);
                if (next != '"') {
                    out.append('\\');
                }
                out.append(next);
                continue;
            }
            out.append(ch);
        }
    }

    // ---- list names

    /** {@code $name}; returns the name without {@code $}. */
    public String listName() {
        int start = pos;
        expect("$");
        int nameStart = pos;
        while (pos < end && (isIdentifierChar(src.charAt(pos)) || src.charAt(pos) == '.')) {
            pos++;
        }
        String name = src.substring(nameStart, pos);
        if (!validListName(name)) {
            throw error("invalid list name \"" + name + '"', start, pos);
        }
        return name;
    }

    /** Lower-case letters, digits, {@code _} and inner dots, as Cloudflare's list names. */
    public static boolean validListName(String name) {
        if (name.isEmpty() || name.startsWith(".") || name.endsWith(".") || name.contains("..")) {
            return false;
        }
        for (int i = 0; i < name.length(); i++) {
            char c = name.charAt(i);
            if (!(c >= 'a' && c <= 'z' || c >= '0' && c <= '9' || c == '_' || c == '.')) {
                return false;
            }
        }
        return true;
    }
}
