package dev.bliss.firewall.regex;

import dev.bliss.firewall.regex.RegexNode.AssertionKind;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;

/**
 * Parses the subset of Rust's regex syntax that wirefilter accepts with Unicode off (byte
 * semantics): literals, {@code .}, classes with ranges, negation, POSIX names and
 * {@code \d \w \s} (ASCII), groups ({@code (…)}, {@code (?:…)}, {@code (?P<n>…)}, flag groups),
 * alternation, {@code * + ? {n} {n,} {n,m}} (lazy suffixes accepted; they do not change whether a
 * match exists), anchors {@code ^ $ \A \z \b \B} and flags {@code i m s U x}.
 *
 * <p>Refused, as Rust's regex refuses them: look-around and backreferences. Refused here only:
 * Unicode classes ({@code \p{…}}), nested classes and class set operations. A non-ASCII literal
 * outside a class matches its UTF-8 bytes.
 */
final class RegexParser {

    /** Counted repetitions above this are refused (Rust's default limit is in the same range). */
    static final int MAX_REPEAT = 1000;

    private final String p;
    private int pos;
    private boolean caseInsensitive;
    private boolean multiLine;
    private boolean dotAll;
    private boolean extended;

    private RegexParser(String pattern) {
        this.p = pattern;
    }

    static RegexNode parse(String pattern) throws RegexSyntaxException {
        RegexParser parser = new RegexParser(pattern);
        RegexNode node = parser.alternation();
        if (parser.pos < pattern.length()) {
            throw new RegexSyntaxException("unopened group", parser.pos);
        }
        return node;
    }

    private RegexNode alternation() throws RegexSyntaxException {
        List<RegexNode> alternatives = new ArrayList<>();
        alternatives.add(concat());
        while (pos < p.length() && p.charAt(pos) == '|') {
            pos++;
            alternatives.add(concat());
        }
        return alternatives.size() == 1 ? alternatives.getFirst() : new RegexNode.Alternation(alternatives);
    }

    private RegexNode concat() throws RegexSyntaxException {
        List<RegexNode> items = new ArrayList<>();
        while (true) {
            skipExtended();
            if (pos >= p.length() || p.charAt(pos) == '|' || p.charAt(pos) == ')') {
                break;
            }
            RegexNode atom = atom();
            if (atom == null) {
                continue; // a flag group such as (?i) that changes flags for what follows
            }
            items.add(quantifiers(atom));
        }
        if (items.isEmpty()) {
            return new RegexNode.Empty();
        }
        return items.size() == 1 ? items.getFirst() : new RegexNode.Concat(items);
    }

    private void skipExtended() {
        while (extended && pos < p.length()) {
            char c = p.charAt(pos);
            if (c == ' ' || c == '\t' || c == '\n' || c == '\r' || c == '\f') {
                pos++;
            } else if (c == '#') {
                while (pos < p.length() && p.charAt(pos) != '\n') {
                    pos++;
                }
            } else {
                return;
            }
        }
    }

    private RegexNode quantifiers(RegexNode atom) throws RegexSyntaxException {
        while (true) {
            skipExtended();
            if (pos >= p.length()) {
                return atom;
            }
            char c = p.charAt(pos);
            int min;
            int max;
            if (c == '*') {
                min = 0;
                max = RegexNode.Repeat.UNBOUNDED;
                pos++;
            } else if (c == '+') {
                min = 1;
                max = RegexNode.Repeat.UNBOUNDED;
                pos++;
            } else if (c == '?') {
                min = 0;
                max = 1;
                pos++;
            } else if (c == '{') {
                int start = pos;
                pos++;
                min = number(start);
                max = min;
                if (pos < p.length() && p.charAt(pos) == ',') {
                    pos++;
                    max = pos < p.length() && p.charAt(pos) == '}' ? RegexNode.Repeat.UNBOUNDED : number(start);
                }
                if (pos >= p.length() || p.charAt(pos) != '}') {
                    throw new RegexSyntaxException("unclosed counted repetition", start);
                }
                pos++;
                if (max != RegexNode.Repeat.UNBOUNDED && max < min) {
                    throw new RegexSyntaxException("invalid repetition range {" + min + ',' + max + '}', start);
                }
                if (min > MAX_REPEAT || max > MAX_REPEAT) {
                    throw new RegexSyntaxException("repetition count exceeds the limit of " + MAX_REPEAT, start);
                }
            } else {
                return atom;
            }
            if (pos < p.length() && p.charAt(pos) == '?') {
                pos++; // lazy: which match is found does not matter, only whether one exists
            }
            atom = new RegexNode.Repeat(atom, min, max);
        }
    }

    private int number(int start) throws RegexSyntaxException {
        int from = pos;
        long value = 0;
        while (pos < p.length() && p.charAt(pos) >= '0' && p.charAt(pos) <= '9') {
            value = Math.min(value * 10 + (p.charAt(pos) - '0'), Integer.MAX_VALUE);
            pos++;
        }
        if (pos == from) {
            throw new RegexSyntaxException("invalid counted repetition", start);
        }
        return (int) value;
    }

    /** One atom, or null for a flag-only group. */
    private RegexNode atom() throws RegexSyntaxException {
        char c = p.charAt(pos);
        switch (c) {
            case '(' -> {
                return group();
            }
            case '[' -> {
                return new RegexNode.ByteSet(characterClass());
            }
            case '.' -> {
                pos++;
                long[] set = Bits.all();
                if (!dotAll) {
                    Bits.clear(set, '\n');
                }
                return new RegexNode.ByteSet(set);
            }
            case '^' -> {
                pos++;
                return new RegexNode.Assertion(multiLine ? AssertionKind.LINE_START : AssertionKind.TEXT_START);
            }
            case '$' -> {
                pos++;
                return new RegexNode.Assertion(multiLine ? AssertionKind.LINE_END : AssertionKind.TEXT_END);
            }
            case '\\' -> {
                return escape();
            }
            case '*', '+', '?', '{' -> throw new RegexSyntaxException("repetition operator missing expression", pos);
            default -> {
                return literal();
            }
        }
    }

    private RegexNode literal() {
        int cp = p.codePointAt(pos);
        pos += Character.charCount(cp);
        if (cp < 0x80) {
            return new RegexNode.ByteSet(single(cp));
        }
        byte[] utf8 = new String(Character.toChars(cp)).getBytes(StandardCharsets.UTF_8);
        List<RegexNode> bytes = new ArrayList<>();
        for (byte b : utf8) {
            bytes.add(new RegexNode.ByteSet(Bits.of(b & 0xFF)));
        }
        return new RegexNode.Concat(bytes);
    }

    private long[] single(int b) {
        long[] set = Bits.of(b);
        if (caseInsensitive) {
            Bits.foldCase(set);
        }
        return set;
    }

    private RegexNode group() throws RegexSyntaxException {
        int start = pos;
        pos++;
        boolean savedI = caseInsensitive;
        boolean savedM = multiLine;
        boolean savedS = dotAll;
        boolean savedX = extended;
        if (p.startsWith("?", pos)) {
            pos++;
            if (p.startsWith("=", pos) || p.startsWith("!", pos) || p.startsWith("<=", pos) || p.startsWith("<!", pos)) {
                throw new RegexSyntaxException("look-around, including look-ahead and look-behind, is not supported", start);
            }
            if (p.startsWith("P<", pos) || p.startsWith("<", pos)) {
                int close = p.indexOf('>', pos);
                if (close < 0) {
                    throw new RegexSyntaxException("unclosed capture group name", start);
                }
                pos = close + 1;
            } else if (!p.startsWith(":", pos)) {
                // flags: (?flags) applies to the rest of the enclosing group, (?flags:…) to its body
                boolean on = true;
                while (pos < p.length() && p.charAt(pos) != ')' && p.charAt(pos) != ':') {
                    char f = p.charAt(pos);
                    switch (f) {
                        case '-' -> on = false;
                        case 'i' -> caseInsensitive = on;
                        case 'm' -> multiLine = on;
                        case 's' -> dotAll = on;
                        case 'x' -> extended = on;
                        case 'U', 'u' -> {
                            // swap greed / Unicode: neither changes whether a byte match exists
                        }
                        default -> throw new RegexSyntaxException("unrecognized flag", pos);
                    }
                    pos++;
                }
                if (pos >= p.length()) {
                    throw new RegexSyntaxException("unclosed group", start);
                }
                if (p.charAt(pos) == ')') {
                    pos++;
                    return null; // the flags stay set until the enclosing group ends
                }
                pos++; // ':'
                RegexNode body = alternation();
                closeGroup(start);
                caseInsensitive = savedI;
                multiLine = savedM;
                dotAll = savedS;
                extended = savedX;
                return body;
            } else {
                pos++; // ':'
            }
        }
        RegexNode body = alternation();
        closeGroup(start);
        caseInsensitive = savedI;
        multiLine = savedM;
        dotAll = savedS;
        extended = savedX;
        return body;
    }

    private void closeGroup(int start) throws RegexSyntaxException {
        if (pos >= p.length() || p.charAt(pos) != ')') {
            throw new RegexSyntaxException("unclosed group", start);
        }
        pos++;
    }

    private RegexNode escape() throws RegexSyntaxException {
        int start = pos;
        pos++;
        if (pos >= p.length()) {
            throw new RegexSyntaxException("incomplete escape sequence, reached end of pattern prematurely", start);
        }
        char c = p.charAt(pos);
        switch (c) {
            case 'A' -> {
                pos++;
                return new RegexNode.Assertion(AssertionKind.TEXT_START);
            }
            case 'z' -> {
                pos++;
                return new RegexNode.Assertion(AssertionKind.TEXT_END);
            }
            case 'b' -> {
                pos++;
                return new RegexNode.Assertion(AssertionKind.WORD_BOUNDARY);
            }
            case 'B' -> {
                pos++;
                return new RegexNode.Assertion(AssertionKind.NOT_WORD_BOUNDARY);
            }
            case 'x' -> {
                int value = hexEscape(start);
                if (value < 0x100) {
                    return new RegexNode.ByteSet(single(value));
                }
                byte[] utf8 = new String(Character.toChars(value)).getBytes(StandardCharsets.UTF_8);
                List<RegexNode> bytes = new ArrayList<>();
                for (byte b : utf8) {
                    bytes.add(new RegexNode.ByteSet(Bits.of(b & 0xFF)));
                }
                return new RegexNode.Concat(bytes);
            }
            default -> {
                return new RegexNode.ByteSet(escapeInClassOrNot(start, false));
            }
        }
    }

    /** An escape that stands for a set of bytes; the cursor is on the character after {@code \}. */
    private long[] escapeInClassOrNot(int start, boolean inClass) throws RegexSyntaxException {
        char c = p.charAt(pos);
        long[] set = switch (c) {
            case 'd' -> Bits.digits();
            case 'D' -> Bits.not(Bits.digits());
            case 'w' -> Bits.word();
            case 'W' -> Bits.not(Bits.word());
            case 's' -> Bits.space();
            case 'S' -> Bits.not(Bits.space());
            case 'n' -> Bits.of('\n');
            case 't' -> Bits.of('\t');
            case 'r' -> Bits.of('\r');
            case 'f' -> Bits.of('\f');
            case 'v' -> Bits.of(0x0B);
            case 'a' -> Bits.of(0x07);
            case 'p', 'P' -> throw new RegexSyntaxException("Unicode classes are not supported (patterns match bytes)", start);
            default -> {
                if (c >= '1' && c <= '9') {
                    throw new RegexSyntaxException("backreferences are not supported", start);
                }
                if (c < 0x80 && !Character.isLetterOrDigit(c)) {
                    yield single(c);
                }
                throw new RegexSyntaxException("unrecognized escape sequence", start);
            }
        };
        pos++;
        if (caseInsensitive && c != 'D' && c != 'W' && c != 'S') {
            Bits.foldCase(set);
        }
        return set;
    }

    /** {@code \xHH} or {@code \x{H…}}; the cursor is on {@code x}. */
    private int hexEscape(int start) throws RegexSyntaxException {
        pos++;
        int value = 0;
        if (pos < p.length() && p.charAt(pos) == '{') {
            int close = p.indexOf('}', pos);
            if (close < 0 || close == pos + 1 || close - pos > 7) {
                throw new RegexSyntaxException("invalid hexadecimal escape", start);
            }
            for (int i = pos + 1; i < close; i++) {
                int d = Character.digit(p.charAt(i), 16);
                if (d < 0) {
                    throw new RegexSyntaxException("invalid hexadecimal digit", i);
                }
                value = value * 16 + d;
            }
            pos = close + 1;
            if (value > Character.MAX_CODE_POINT) {
                throw new RegexSyntaxException("invalid hexadecimal escape", start);
            }
            return value;
        }
        for (int i = 0; i < 2; i++) {
            int d = pos < p.length() ? Character.digit(p.charAt(pos), 16) : -1;
            if (d < 0) {
                throw new RegexSyntaxException("invalid hexadecimal digit", pos);
            }
            value = value * 16 + d;
            pos++;
        }
        return value;
    }

    private long[] characterClass() throws RegexSyntaxException {
        int start = pos;
        pos++;
        boolean negated = false;
        if (pos < p.length() && p.charAt(pos) == '^') {
            negated = true;
            pos++;
        }
        long[] set = new long[4];
        boolean first = true;
        while (true) {
            if (pos >= p.length()) {
                throw new RegexSyntaxException("unclosed character class", start);
            }
            char c = p.charAt(pos);
            if (c == ']' && !first) {
                pos++;
                break;
            }
            first = false;
            if (c == '[') {
                if (p.startsWith("[:", pos)) {
                    Bits.addAll(set, posixClass(start));
                    continue;
                }
                throw new RegexSyntaxException("nested classes are not supported", pos);
            }
            if ((c == '&' || c == '-' || c == '~') && pos + 1 < p.length() && p.charAt(pos + 1) == c
                    && !(c == '-' && pos + 2 < p.length() && p.charAt(pos + 2) == ']')) {
                throw new RegexSyntaxException("class set operations are not supported", pos);
            }
            int low = classAtom(set);
            if (low < 0) {
                continue; // a class escape such as \d, already added
            }
            if (pos + 1 < p.length() && p.charAt(pos) == '-' && p.charAt(pos + 1) != ']') {
                int dash = pos;
                pos++;
                int high = classAtom(null);
                if (high < 0) {
                    throw new RegexSyntaxException("invalid range in character class", dash);
                }
                if (high < low) {
                    throw new RegexSyntaxException("invalid range in character class", dash);
                }
                long[] range = Bits.range(low, high);
                if (caseInsensitive) {
                    Bits.foldCase(range);
                }
                Bits.addAll(set, range);
            } else {
                long[] one = Bits.of(low);
                if (caseInsensitive) {
                    Bits.foldCase(one);
                }
                Bits.addAll(set, one);
            }
        }
        return negated ? Bits.not(set) : set;
    }

    /**
     * One class member: returns its byte value, or -1 after adding an escape class such as
     * {@code \d} to {@code set} (null: escape classes are not allowed here).
     */
    private int classAtom(long[] set) throws RegexSyntaxException {
        char c = p.charAt(pos);
        if (c == '\\') {
            int start = pos;
            pos++;
            if (pos >= p.length()) {
                throw new RegexSyntaxException("incomplete escape sequence, reached end of pattern prematurely", start);
            }
            char e = p.charAt(pos);
            if (e == 'x') {
                int value = hexEscape(start);
                if (value > 0xFF) {
                    throw new RegexSyntaxException("non-byte escape in a character class", start);
                }
                return value;
            }
            if ("dDwWsS".indexOf(e) >= 0) {
                if (set == null) {
                    return -1;
                }
                Bits.addAll(set, escapeInClassOrNot(start, true));
                return -1;
            }
            boolean saved = caseInsensitive;
            caseInsensitive = false;
            long[] single = escapeInClassOrNot(start, true);
            caseInsensitive = saved;
            return Bits.first(single);
        }
        if (c >= 0x80) {
            throw new RegexSyntaxException("non-ASCII characters in classes are not supported (patterns match bytes)", pos);
        }
        pos++;
        return c;
    }

    private long[] posixClass(int classStart) throws RegexSyntaxException {
        int close = p.indexOf(":]", pos + 2);
        if (close < 0) {
            throw new RegexSyntaxException("unclosed character class", classStart);
        }
        String name = p.substring(pos + 2, close);
        boolean negated = name.startsWith("^");
        if (negated) {
            name = name.substring(1);
        }
        long[] set = switch (name) {
            case "alnum" -> Bits.union(Bits.range('0', '9'), Bits.range('a', 'z'), Bits.range('A', 'Z'));
            case "alpha" -> Bits.union(Bits.range('a', 'z'), Bits.range('A', 'Z'));
            case "ascii" -> Bits.range(0, 0x7F);
            case "blank" -> Bits.union(Bits.of(' '), Bits.of('\t'));
            case "cntrl" -> Bits.union(Bits.range(0, 0x1F), Bits.of(0x7F));
            case "digit" -> Bits.digits();
            case "graph" -> Bits.range('!', '~');
            case "lower" -> Bits.range('a', 'z');
            case "print" -> Bits.range(' ', '~');
            case "punct" -> Bits.union(Bits.range('!', '/'), Bits.range(':', '@'), Bits.range('[', '`'), Bits.range('{', '~'));
            case "space" -> Bits.space();
            case "upper" -> Bits.range('A', 'Z');
            case "word" -> Bits.word();
            case "xdigit" -> Bits.union(Bits.range('0', '9'), Bits.range('a', 'f'), Bits.range('A', 'F'));
            default -> throw new RegexSyntaxException("invalid character class name \"" + name + '"', pos);
        };
        pos = close + 2;
        if (caseInsensitive) {
            Bits.foldCase(set);
        }
        return negated ? Bits.not(set) : set;
    }
}
