package dev.bliss.firewall.ast;

import dev.bliss.firewall.lex.Scanner.StringForm;
import dev.bliss.plugin.IpAddress;
import java.nio.charset.StandardCharsets;
import java.util.HexFormat;
import java.util.List;

/**
 * Writes a tree back as filter text ({@link #print}) that parses to the same tree: English
 * operator spellings, groups as written, literals in the form they were written. {@link #dump}
 * writes the structure without spans, for comparing trees.
 */
public final class ExprPrinter {

    private ExprPrinter() {
    }

    public static String print(Expr e) {
        StringBuilder b = new StringBuilder();
        print(e, b);
        return b.toString();
    }

    private static void print(Expr e, StringBuilder b) {
        switch (e) {
            case FieldRef f -> b.append(f.name());
            case FunctionCall c -> {
                b.append(c.name()).append('(');
                for (int i = 0; i < c.args().size(); i++) {
                    if (i > 0) {
                        b.append(", ");
                    }
                    print(c.args().get(i), b);
                }
                b.append(')');
            }
            case IndexAccess i -> {
                print(i.target(), b);
                b.append('[');
                switch (i.index()) {
                    case Index.At a -> b.append(a.position());
                    case Index.Key k -> quoted(k.key().getBytes(StandardCharsets.UTF_8), b);
                    case Index.Each x -> b.append('*');
                }
                b.append(']');
            }
            case Comparison c -> {
                print(c.lhs(), b);
                b.append(' ').append(c.op().word()).append(' ');
                literal(c.rhs(), b);
            }
            case Not n -> {
                b.append("not ");
                print(n.operand(), b);
            }
            case Logical l -> {
                for (int i = 0; i < l.items().size(); i++) {
                    if (i > 0) {
                        b.append(' ').append(l.op().word()).append(' ');
                    }
                    print(l.items().get(i), b);
                }
            }
            case Group g -> {
                b.append('(');
                print(g.inner(), b);
                b.append(')');
            }
            case Quantifier q -> {
                b.append(q.kind().word()).append('(');
                print(q.argument(), b);
                b.append(')');
            }
            case LiteralArg a -> literal(a.value(), b);
        }
    }

    public static String literal(Literal literal) {
        StringBuilder b = new StringBuilder();
        literal(literal, b);
        return b.toString();
    }

    private static void literal(Literal literal, StringBuilder b) {
        switch (literal) {
            case Literal.IntLiteral i -> b.append(i.value());
            case Literal.FloatLiteral f -> b.append(f.value());
            case Literal.BytesLiteral s -> {
                byte[] bytes = s.value().toByteArray();
                switch (s.form()) {
                    case QUOTED -> quoted(bytes, b);
                    case RAW -> raw(new String(bytes, StandardCharsets.UTF_8), s.hashes(), b);
                    case HEX -> b.append(HexFormat.ofDelimiter(":").formatHex(bytes));
                }
            }
            case Literal.IpLiteral ip -> b.append(new IpAddress().set(ip.high(), ip.low()));
            case Literal.RegexLiteral r -> pattern(r.pattern(), r.form(), r.hashes(), b);
            case Literal.WildcardLiteral w -> pattern(w.pattern(), w.form(), w.hashes(), b);
            case Literal.IntRange r -> {
                b.append(r.first());
                if (r.last() != r.first()) {
                    b.append("..").append(r.last());
                }
            }
            case Literal.IpRange r -> {
                if (r.form() == Literal.IpForm.CIDR && r.prefix() > 32 && r.first().high() == 0 && (r.first().low() >>> 32) == 0xFFFFL) {
                    b.append("::ffff:"); // an IPv6 network over IPv4-mapped space: keep the 128-bit prefix meaning
                }
                literal(r.first(), b);
                switch (r.form()) {
                    case ADDRESS -> {
                    }
                    case CIDR -> b.append('/').append(r.prefix());
                    case RANGE -> {
                        b.append("..");
                        literal(r.last(), b);
                    }
                }
            }
            case Literal.SetLiteral s -> {
                b.append('{');
                for (int i = 0; i < s.elements().size(); i++) {
                    if (i > 0) {
                        b.append(' ');
                    }
                    literal(s.elements().get(i), b);
                }
                b.append('}');
            }
            case Literal.ListRef l -> b.append('$').append(l.name());
        }
    }

    /** A quoted string: printable ASCII as is, {@code "} and {@code \} escaped, other bytes as {@code \xHH}. */
    private static void quoted(byte[] bytes, StringBuilder b) {
        b.append('"');
        for (byte x : bytes) {
            int v = x & 0xFF;
            if (v == '"' || v == '\\') {
                b.append('\\').append((char) v);
            } else if (v >= 0x20 && v < 0x7F) {
                b.append((char) v);
            } else {
                b.append("\\x").append(Character.forDigit(v >> 4, 16)).append(Character.forDigit(v & 0xF, 16));
            }
        }
        b.append('"');
    }

    private static void raw(String text, int hashes, StringBuilder b) {
        String h = "#".repeat(hashes);
        b.append('r').append(h).append('"').append(text).append('"').append(h);
    }

    /** Regex and wildcard text: backslashes are the pattern's own, only {@code "} needs escaping. */
    private static void pattern(String text, StringForm form, int hashes, StringBuilder b) {
        if (form == StringForm.RAW) {
            raw(text, hashes, b);
            return;
        }
        b.append('"').append(text.replace("\"", "\\\"")).append('"');
    }

    /** The tree's structure as an S-expression, without spans. */
    public static String dump(Expr e) {
        return switch (e) {
            case FieldRef f -> f.name() + ':' + f.type();
            case FunctionCall c -> "(call " + c.name() + ' ' + c.type() + dumpAll(c.args()) + ')';
            case IndexAccess i -> "(index " + dump(i.target()) + ' ' + i.index() + ' ' + i.type() + ')';
            case Comparison c -> "(" + c.op().name().toLowerCase() + ' ' + dump(c.lhs()) + ' ' + dumpLiteral(c.rhs()) + ' ' + c.type() + ')';
            case Not n -> "(not " + dump(n.operand()) + ')';
            case Logical l -> "(" + l.op().name().toLowerCase() + dumpAll(l.items()) + ')';
            case Group g -> "(group " + dump(g.inner()) + ')';
            case Quantifier q -> "(" + q.kind().word() + ' ' + dump(q.argument()) + ')';
            case LiteralArg a -> dumpLiteral(a.value());
        };
    }

    private static String dumpAll(List<Expr> items) {
        StringBuilder b = new StringBuilder();
        for (Expr item : items) {
            b.append(' ').append(dump(item));
        }
        return b.toString();
    }

    private static String dumpLiteral(Literal l) {
        return switch (l) {
            case Literal.BytesLiteral s -> "bytes[" + s.value() + ']';
            case Literal.SetLiteral s -> {
                StringBuilder b = new StringBuilder("{");
                for (Literal x : s.elements()) {
                    b.append(' ').append(dumpLiteral(x));
                }
                yield b.append(" }").toString();
            }
            default -> l.toString();
        };
    }
}
