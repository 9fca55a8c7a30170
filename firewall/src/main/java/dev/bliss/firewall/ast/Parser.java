package dev.bliss.firewall.ast;

import dev.bliss.firewall.check.FieldCatalog;
import dev.bliss.firewall.check.ListTypes;
import dev.bliss.firewall.check.TypeRules;
import dev.bliss.firewall.compile.Patterns;
import dev.bliss.firewall.function.FunctionDefinition;
import dev.bliss.firewall.function.Functions;
import dev.bliss.firewall.lex.LexException;
import dev.bliss.firewall.lex.Scanner;
import dev.bliss.firewall.lex.Span;
import dev.bliss.firewall.regex.RegexSyntaxException;
import dev.bliss.firewall.types.Type;
import dev.bliss.plugin.IpAddress;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;

/**
 * Parses and type-checks a filter in one pass, as wirefilter does: which literal may follow an
 * operator depends on the type of the expression on its left, so names are resolved and types
 * settled while reading.
 *
 * <pre>
 *   filter      = logical EOF                                  (must be Bool)
 *   logical     = simple { ("or"|"||"|"xor"|"^^"|"and"|"&amp;&amp;") simple }   precedence or &lt; xor &lt; and
 *   simple      = "(" logical ")" | ("not"|"!") simple | ("any"|"all") "(" logical ")" | comparison
 *   comparison  = value [ op rhs ]                             (no op iff value is Bool or Array&lt;Bool&gt;)
 *   value       = name [ "(" [ arg { "," arg } ] ")" ] { "[" ( "*" | uint | "string" ) "]" }
 *   rhs         = literal of the value's type | "{" { element } "}" | "$" list
 * </pre>
 *
 * <p>Whitespace between tokens is space, CR or LF; the input is trimmed first. Alphabetic
 * keywords need a word boundary (wirefilter matches them as prefixes). Nesting (parentheses,
 * {@code not}, calls, quantifiers) is limited to {@value #MAX_DEPTH}. Errors are
 * {@link LexException}s carrying the offending span. Compile time only; one instance per parse.
 */
public final class Parser {

    public static final int MAX_DEPTH = 128;

    private final Scanner in;
    private final FieldCatalog fields;
    private final ListTypes lists;
    private final Patterns patterns;
    private int depth;

    private Parser(Scanner in, FieldCatalog fields, ListTypes lists, Patterns patterns) {
        this.in = in;
        this.fields = fields;
        this.lists = lists;
        this.patterns = patterns;
    }

    /**
     * Parses {@code source} into a Bool expression.
     *
     * @throws LexException with the span (offsets into {@code source}) of the first problem
     */
    public static Expr parse(String source, FieldCatalog fields, ListTypes lists, Patterns patterns) {
        int start = 0;
        int end = source.length();
        while (start < end && isTrimmed(source.charAt(start))) {
            start++;
        }
        while (end > start && isTrimmed(source.charAt(end - 1))) {
            end--;
        }
        Parser p = new Parser(new Scanner(source, start, end), fields, lists, patterns);
        Expr e = p.logical(0);
        if (!p.in.atEnd()) {
            throw p.in.rest("unrecognised input");
        }
        if (!e.valueType().equals(Type.BOOL)) {
            throw new LexException("expected value of type Bool, but got " + e.valueType(), start, end);
        }
        return e;
    }

    private static boolean isTrimmed(char c) {
        return Character.isWhitespace(c) || Character.isSpaceChar(c);
    }

    private Span from(int start) {
        return new Span(start, in.pos());
    }

    private void enter(int at) {
        if (depth >= MAX_DEPTH) {
            throw new LexException("maximum nesting depth exceeded (limit: " + MAX_DEPTH + ')', at, in.end());
        }
        depth++;
    }

    // ---- logical expressions

    private Expr logical(int minPrecedence) {
        Expr lhs = simple();
        while (true) {
            int save = in.pos();
            in.skipSpace();
            LogicalOp op = logicalOp();
            if (op == null || op.precedence() < minPrecedence) {
                in.reset(save);
                return lhs;
            }
            in.skipSpace();
            Expr rhs = logical(op.precedence() + 1);
            if (!TypeRules.combinable(lhs.valueType(), rhs.valueType())) {
                throw new LexException("expected value of type " + lhs.valueType() + ", but got " + rhs.valueType(),
                        positionAfter(), in.end());
            }
            lhs = combine(op, lhs, rhs);
        }
    }

    /** Where wirefilter points a type mismatch: after the right operand and any operator following it. */
    private int positionAfter() {
        int save = in.pos();
        in.skipSpace();
        int at = save;
        if (logicalOp() != null) {
            in.skipSpace();
            at = in.pos();
        }
        in.reset(save);
        return at;
    }

    private static Expr combine(LogicalOp op, Expr lhs, Expr rhs) {
        Span span = new Span(lhs.span().start(), rhs.span().end());
        if (lhs instanceof Logical l && l.op() == op) {
            List<Expr> items = new ArrayList<>(l.items());
            items.add(rhs);
            return new Logical(op, items, l.type(), span);
        }
        return new Logical(op, List.of(lhs, rhs), lhs.valueType(), span);
    }

    private LogicalOp logicalOp() {
        for (LogicalOp op : LogicalOp.values()) {
            if (in.consumeKeyword(op.word()) || in.consume(op.symbol())) {
                return op;
            }
        }
        return null;
    }

    private Expr simple() {
        int start = in.pos();
        if (in.consume("(")) {
            enter(start);
            in.skipSpace();
            Expr inner = logical(0);
            in.skipSpace();
            in.expect(")");
            depth--;
            return new Group(inner, from(start));
        }
        if (in.consumeKeyword("not") || in.consume("!")) {
            enter(start);
            in.skipSpace();
            Expr operand = simple();
            depth--;
            return new Not(operand, operand.valueType(), from(start));
        }
        for (Quantifier.Kind kind : Quantifier.Kind.values()) {
            if (in.lookingAtKeyword(kind.word())) {
                in.consumeKeyword(kind.word());
                in.skipSpace();
                if (in.lookingAt("(")) {
                    return quantifier(kind, start);
                }
                in.reset(start);
                break;
            }
        }
        return comparison();
    }

    private Expr quantifier(Quantifier.Kind kind, int start) {
        enter(in.pos());
        in.expect("(");
        in.skipSpace();
        Expr argument = logical(0);
        in.skipSpace();
        in.expect(")");
        depth--;
        if (!argument.valueType().equals(Type.BOOL_ARRAY)) {
            throw new LexException("expected value of type Array<Bool>, but got " + argument.valueType(),
                    argument.span().start(), argument.span().end());
        }
        return new Quantifier(kind, argument, from(start));
    }

    // ---- comparisons

    private Expr comparison() {
        int start = in.pos();
        Expr lhs = value();
        Type t = lhs.type();
        if (t.equals(Type.BOOL) || t.isBoolArray() && !lhs.mapped()) {
            rejectOperatorAfterBool(t);
            return lhs;
        }
        if (t.isBoolArray()) {
            throw new LexException("cannot perform this operation on type Array<" + Type.BOOL_ARRAY + '>', in.pos(), in.pos());
        }
        in.skipSpace();
        int opStart = in.pos();
        ComparisonOp op = comparisonOp();
        if (op == null) {
            throw in.rest("expected ComparisonOp");
        }
        int opEnd = in.pos();
        if (!TypeRules.supports(t, op)) {
            throw new LexException("cannot perform this operation on type " + t, opStart, opEnd);
        }
        in.skipSpace();
        Literal rhs = rhs(t, op);
        Type type = lhs.mapped() ? Type.BOOL_ARRAY : Type.BOOL;
        return new Comparison(lhs, op, rhs, type, from(start));
    }

    /**
     * A Bool has no operators; wirefilter would report the operator as unrecognised input, bliss
     * says why (a documented improvement).
     */
    private void rejectOperatorAfterBool(Type t) {
        int save = in.pos();
        in.skipSpace();
        int opStart = in.pos();
        if (logicalOp() == null) {
            in.reset(opStart);
            if (comparisonOp() != null) {
                throw new LexException("cannot perform this operation on type " + t, opStart, in.pos());
            }
        }
        in.reset(save);
    }

    private ComparisonOp comparisonOp() {
        for (ComparisonOp op : ComparisonOp.values()) {
            String word = op.word();
            if (op == ComparisonOp.STRICT_WILDCARD ? in.consume(word) : in.consumeKeyword(word)) {
                return op;
            }
            if (op.symbol() != null && in.consume(op.symbol())) {
                return op;
            }
        }
        return null;
    }

    private Literal rhs(Type t, ComparisonOp op) {
        return switch (op) {
            case IN -> in.lookingAt("$") ? listRef(t) : set(t);
            case BITWISE_AND -> new Literal.IntLiteral(in.integer());
            case CONTAINS -> bytes(in.bytesLiteral());
            case MATCHES -> regex();
            case WILDCARD, STRICT_WILDCARD -> wildcard(op == ComparisonOp.STRICT_WILDCARD);
            default -> scalar(t);
        };
    }

    private Literal scalar(Type t) {
        return switch (t.kind()) {
            case INT -> new Literal.IntLiteral(in.integer());
            case FLOAT -> new Literal.FloatLiteral(in.floatNumber());
            case IP -> {
                IpAddress a = in.ipAddress();
                yield new Literal.IpLiteral(a.high(), a.low());
            }
            case BYTES -> bytes(in.bytesLiteral());
            default -> throw new IllegalStateException("no literal of type " + t);
        };
    }

    private static Literal.BytesLiteral bytes(Scanner.StringLiteral s) {
        return new Literal.BytesLiteral(ByteString.copyOf(s.bytes()), s.form(), s.hashes());
    }

    private Literal set(Type t) {
        in.expect("{");
        List<Literal> elements = new ArrayList<>();
        while (true) {
            in.skipSpace();
            if (in.consume("}")) {
                return new Literal.SetLiteral(elements);
            }
            if (in.atEnd()) {
                throw in.rest("expected literal \"}\"");
            }
            elements.add(switch (t.kind()) {
                case INT -> {
                    long[] r = in.intRange();
                    yield new Literal.IntRange(r[0], r[1]);
                }
                case IP -> ipElement();
                case BYTES -> bytes(in.bytesLiteral());
                default -> throw new IllegalStateException("no set of type " + t);
            });
        }
    }

    private Literal ipElement() {
        int start = in.pos();
        IpAddress[] r = in.ipRange();
        String text = in.source().substring(start, in.pos());
        Literal.IpForm form = text.contains("..") ? Literal.IpForm.RANGE : text.contains("/") ? Literal.IpForm.CIDR : Literal.IpForm.ADDRESS;
        int prefix = form == Literal.IpForm.CIDR ? Integer.parseInt(text.substring(text.indexOf('/') + 1)) : -1;
        return new Literal.IpRange(new Literal.IpLiteral(r[0].high(), r[0].low()), new Literal.IpLiteral(r[1].high(), r[1].low()), form, prefix);
    }

    private Literal listRef(Type t) {
        int start = in.pos();
        String name = in.listName();
        Type item = lists.itemType(name);
        if (item == null) {
            throw new LexException("unknown list \"" + name + '"', start, in.pos());
        }
        if (!item.equals(t)) {
            throw new LexException("list \"" + name + "\" holds " + item + ", not " + t, start, in.pos());
        }
        return new Literal.ListRef(name);
    }

    private Literal regex() {
        int start = in.pos();
        Scanner.StringLiteral s = in.patternText();
        String pattern = new String(s.bytes(), StandardCharsets.UTF_8);
        try {
            patterns.regex(pattern);
        } catch (RegexSyntaxException e) {
            throw new LexException("regex parse error: " + e.getMessage(), start, in.pos());
        }
        return new Literal.RegexLiteral(pattern, s.form(), s.hashes());
    }

    private Literal wildcard(boolean strict) {
        int start = in.pos();
        Scanner.StringLiteral s = in.patternText();
        String pattern = new String(s.bytes(), StandardCharsets.UTF_8);
        try {
            patterns.wildcard(pattern, strict);
        } catch (IllegalArgumentException e) {
            throw new LexException(e.getMessage(), start, in.pos());
        }
        return new Literal.WildcardLiteral(pattern, s.form(), s.hashes());
    }

    // ---- values: fields, calls, indexes

    private Expr value() {
        int start = in.pos();
        String name = in.identifier();
        Expr base;
        FunctionDefinition function = Functions.lookup(name);
        if (function != null) {
            base = call(function, name, start);
        } else {
            FieldCatalog.Entry entry = fields.lookup(name);
            if (entry == null) {
                throw new LexException(unknownIdentifier(name), start, in.pos());
            }
            base = new FieldRef(name, entry.type(), from(start));
        }
        while (in.lookingAt("[")) {
            int bracket = in.pos();
            in.consume("[");
            in.skipSpace();
            Index index = index();
            in.skipSpace();
            in.expect("]");
            Type current = base.type();
            Type element = switch (index) {
                case Index.At a -> current.isArray() ? current.element() : null;
                case Index.Key k -> current.isMap() ? current.element() : null;
                case Index.Each e -> current.isArray() || current.isMap() ? current.element() : null;
            };
            if (element == null) {
                throw new LexException("cannot access index " + index + " for type " + current, bracket, in.pos());
            }
            if (base.mapped() || index instanceof Index.Each && current.isMap()) {
                // wirefilter also allows x[*][0] and map[*]; bliss maps one array level only
                throw new LexException("invalid use of map each access operator", bracket, in.pos());
            }
            base = new IndexAccess(base, index, element, from(start));
        }
        return base;
    }

    private String unknownIdentifier(String name) {
        return "unknown identifier" + FieldCatalog.didYouMean(fields.closest(name, 3, Functions.names()));
    }

    private Index index() {
        int start = in.pos();
        if (in.consume("*")) {
            return new Index.Each();
        }
        if (in.peek() == '"') {
            Scanner.StringLiteral s = in.quotedOrRaw();
            return new Index.Key(new String(s.bytes(), StandardCharsets.UTF_8));
        }
        long position;
        try {
            position = in.integer();
        } catch (LexException e) {
            throw new LexException("expected quoted utf8 string or positive integer", start, in.end());
        }
        if (position < 0 || position > 0xFFFF_FFFFL) {
            throw new LexException("expected positive integer as index", start, in.end());
        }
        if (position > Integer.MAX_VALUE) {
            position = Integer.MAX_VALUE; // no array is that long: reads as missing
        }
        return new Index.At((int) position);
    }

    private Expr call(FunctionDefinition function, String name, int start) {
        in.skipSpace();
        enter(in.pos());
        in.expect("(");
        in.skipSpace();
        List<Expr> args = new ArrayList<>();
        if (!in.consume(")")) {
            while (true) {
                args.add(argument());
                in.skipSpace();
                if (in.consume(",")) {
                    in.skipSpace();
                    continue;
                }
                in.expect(")");
                break;
            }
        }
        depth--;
        Span span = from(start);
        Type result = function.check(args, span);
        Type type = !args.isEmpty() && args.getFirst().mapped() ? Type.arrayOf(result) : result;
        return new FunctionCall(name, args, type, span);
    }

    private Expr argument() {
        int start = in.pos();
        int c = in.peek();
        if (c == '"' || c == 'r' && (in.peek(1) == '"' || in.peek(1) == '#')) {
            Literal.BytesLiteral b = bytes(in.quotedOrRaw());
            return new LiteralArg(b, Type.BYTES, from(start));
        }
        if (c >= '0' && c <= '9' || c == '-' && in.peek(1) >= '0' && in.peek(1) <= '9') {
            return new LiteralArg(new Literal.IntLiteral(in.integer()), Type.INT, from(start));
        }
        boolean keyword = in.lookingAtKeyword("not") || in.lookingAtKeyword("any") || in.lookingAtKeyword("all");
        if (Scanner.isIdentifierChar(c) && !keyword) {
            // a value used as such (lower(http.host)), unless an operator follows (a condition)
            Expr value = value();
            int after = in.pos();
            in.skipSpace();
            if (in.peek() == ',' || in.peek() == ')') {
                in.reset(after);
                return value;
            }
            in.reset(start);
        }
        return logical(0);
    }
}
