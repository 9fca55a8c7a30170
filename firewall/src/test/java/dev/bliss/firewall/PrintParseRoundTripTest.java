package dev.bliss.firewall;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.fail;

import dev.bliss.firewall.ast.Expr;
import dev.bliss.firewall.ast.ExprPrinter;
import dev.bliss.firewall.ast.Parser;
import dev.bliss.firewall.check.FieldCatalog;
import dev.bliss.firewall.check.ListTypes;
import dev.bliss.firewall.compile.Patterns;
import dev.bliss.firewall.lex.LexException;
import java.util.Random;
import org.junit.jupiter.api.Test;

/**
 * Property: for generated valid expressions, printing the parsed tree and parsing the text again
 * gives the same tree (compared without spans), and printing is a fixed point. The generator mixes
 * both operator spellings, every literal form, whitespace including line breaks, groups,
 * quantifiers, functions and mapped arrays.
 */
class PrintParseRoundTripTest {

    private static final int EXPRESSIONS = 3000;

    private final FieldCatalog catalog = FieldCatalog.of(new TestFixture().scheme);
    private final Random random = new Random(20261130);

    @Test
    void shouldParseThePrintedTreeToTheSameTree() {
        for (int i = 0; i < EXPRESSIONS; i++) {
            String text = bool(4);
            Expr first = parse(text);
            String printed = ExprPrinter.print(first);
            Expr second = parse(printed);
            assertEquals(ExprPrinter.dump(first), ExprPrinter.dump(second), () -> "printed " + printed + " from " + text);
            assertEquals(printed, ExprPrinter.print(second), () -> "not a fixed point: " + text);
        }
    }

    private Expr parse(String text) {
        try {
            return Parser.parse(text, catalog, ListTypes.NONE, new Patterns());
        } catch (LexException e) {
            fail("generated an invalid expression: " + text + "\n" + e.getMessage() + " at " + e.start());
            return null;
        }
    }

    // ---- generator

    private String bool(int depth) {
        int pick = depth <= 0 ? random.nextInt(2) : random.nextInt(7);
        return switch (pick) {
            case 0, 1 -> comparison();
            case 2 -> (random.nextBoolean() ? "not " : "!") + simple(depth - 1);
            case 3 -> "(" + space() + bool(depth - 1) + space() + ")";
            case 4 -> quantifier(depth - 1);
            default -> {
                StringBuilder b = new StringBuilder(simple(depth - 1));
                int n = 1 + random.nextInt(3);
                for (int i = 0; i < n; i++) {
                    b.append(space1()).append(logicalOp()).append(space1()).append(simple(depth - 1));
                }
                yield b.toString();
            }
        };
    }

    /** What may follow "not" or stand as an operand without changing the grouping. */
    private String simple(int depth) {
        return switch (depth <= 0 ? 0 : random.nextInt(4)) {
            case 0 -> comparison();
            case 1 -> "(" + bool(depth - 1) + ")";
            case 2 -> quantifier(depth - 1);
            default -> "not " + simple(depth - 1);
        };
    }

    private String quantifier(int depth) {
        return pick("any", "all") + "(" + space() + boolArray(Math.max(0, depth)) + space() + ")";
    }

    private String boolArray(int depth) {
        return switch (depth <= 0 ? 0 : random.nextInt(4)) {
            case 0 -> mappedComparison();
            case 1 -> mappedComparison() + " " + logicalOp() + " " + mappedComparison();
            case 2 -> "not " + mappedComparison();
            default -> "(" + boolArray(depth - 1) + ")";
        };
    }

    private String mappedComparison() {
        return switch (random.nextInt(5)) {
            case 0 -> "bot.detection_ids[*] " + intOp() + " " + intLiteral();
            case 1 -> "cf.bot_management.detection_ids[*] in {" + intSet() + "}";
            case 2 -> "http.request.headers[\"accept\"][*] " + pick("contains", "eq", "ne") + " " + bytesLiteral();
            case 3 -> "lower(http.request.headers.names[*])[*] " + pick("eq", "==", "contains") + " " + bytesLiteral();
            default -> "starts_with(http.request.headers.names[*], " + quoted() + ")";
        };
    }

    private String comparison() {
        return switch (random.nextInt(9)) {
            case 0 -> pick("ssl", "bot.verified", "test.flag", "cf.client.bot", "bot.static_resource",
                    "starts_with(http.host, " + quoted() + ")", "ends_with(http.request.uri.path, " + quoted() + ")");
            case 1, 2 -> intValue() + " " + (random.nextInt(4) == 0 ? "in {" + intSet() + "}" : intOp() + " " + intLiteral());
            case 3 -> "test.ratio " + pick("eq", "ne", "lt", "le", "gt", "ge", "<", ">=") + " " + floatLiteral();
            case 4, 5 -> bytesValue() + " " + bytesComparison();
            case 6 -> pick("ip.src", "test.peer") + " " + ipComparison();
            case 7 -> "http.user_agent " + pick("matches", "~") + " " + regex();
            default -> pick("http.host", "http.request.uri.path", "lower(http.request.full_uri)") + " "
                    + pick("wildcard", "strict wildcard") + " " + wildcard();
        };
    }

    private String intValue() {
        return pick("bot.score", "tcp.dstport", "test.count", "cf.bot_management.score", "len(http.host)",
                "len(bot.detection_ids)", "bot.detection_ids[" + random.nextInt(4) + "]",
                "len(http.request.headers[\"cookie\"])");
    }

    private String intOp() {
        return pick("eq", "==", "ne", "!=", "lt", "<", "le", "<=", "gt", ">", "ge", ">=", "&", "bitwise_and");
    }

    private String intLiteral() {
        return switch (random.nextInt(4)) {
            case 0 -> "0x" + Integer.toHexString(random.nextInt(4096));
            case 1 -> "-" + random.nextInt(1000);
            case 2 -> "0" + Integer.toOctalString(random.nextInt(64));
            default -> Long.toString(random.nextLong(1, 100_000_000L));
        };
    }

    private String intSet() {
        StringBuilder b = new StringBuilder();
        int n = random.nextInt(5);
        for (int i = 0; i < n; i++) {
            if (i > 0) {
                b.append(' ');
            }
            int a = random.nextInt(1000);
            b.append(a);
            if (random.nextBoolean()) {
                b.append("..").append(a + random.nextInt(100));
            }
        }
        return b.toString();
    }

    private String floatLiteral() {
        return pick("0.5", "-2", "1.5e3", "0.25", "99", "-0.125", "3E-2");
    }

    private String bytesValue() {
        return pick("http.host", "http.user_agent", "http.request.uri.path", "http.request.method", "bot.ja3_hash",
                "cf.bot_management.ja4", "lower(http.host)", "upper(http.request.method)", "concat(http.host, \"/x\")",
                "url_decode(http.request.uri.query, \"r\")", "to_string(bot.score)", "http.request.headers[\"accept\"][0]",
                "http.cookie", "http.request.version");
    }

    private String bytesComparison() {
        return switch (random.nextInt(4)) {
            case 0 -> pick("eq", "==", "ne", "!=", "lt", "le", "gt", "ge") + " " + bytesLiteral();
            case 1 -> "contains " + bytesLiteral();
            case 2 -> {
                StringBuilder b = new StringBuilder("in {");
                int n = random.nextInt(5);
                for (int i = 0; i < n; i++) {
                    b.append(i > 0 ? " " : "").append(bytesLiteral());
                }
                yield b.append('}').toString();
            }
            default -> pick("matches", "~") + " " + regex();
        };
    }

    private String bytesLiteral() {
        return switch (random.nextInt(5)) {
            case 0 -> "r\"" + word() + "\"";
            case 1 -> "r#\"" + word() + "\\\"x\"#";
            case 2 -> "01:" + String.format("%02x", random.nextInt(256)) + "-ff.7f";
            default -> quoted();
        };
    }

    private String quoted() {
        StringBuilder b = new StringBuilder("\"");
        int n = random.nextInt(8);
        for (int i = 0; i < n; i++) {
            switch (random.nextInt(8)) {
                case 0 -> b.append("\\\"");
                case 1 -> b.append("\\\\");
                case 2 -> b.append("\\x").append(String.format("%02X", random.nextInt(256)));
                case 3 -> b.append("\\0").append(random.nextInt(8)).append(random.nextInt(8));
                case 4 -> b.append('é');
                default -> b.append((char) ('a' + random.nextInt(26)));
            }
        }
        return b.append('"').toString();
    }

    private String word() {
        StringBuilder b = new StringBuilder();
        int n = random.nextInt(6);
        for (int i = 0; i < n; i++) {
            b.append((char) ('a' + random.nextInt(26)));
        }
        return b.toString();
    }

    private String regex() {
        return pick("\"^Mozilla/[0-9.]+\"", "\"(?i)curl|wget\"", "r\"\\bbot\\b\"", "\"a\\\"b\"", "\"[a-z]{2,4}$\"",
                "r#\"x\"y\"#", "\"\\\\d+\"", "\"\"");
    }

    private String wildcard() {
        return pick("\"*.example.com\"", "\"/api/*\"", "\"*\"", "r\"a\\*b*\"", "\"x\\\\y\"");
    }

    private String ipComparison() {
        if (random.nextBoolean()) {
            return pick("eq", "ne", "lt", "ge", "==") + " " + pick("203.0.113.7", "2001:db8::1", "::1", "10.0.0.1", "2001:db8:0:0:1:0:0:1");
        }
        StringBuilder b = new StringBuilder("in {");
        int n = random.nextInt(4);
        for (int i = 0; i < n; i++) {
            b.append(i > 0 ? " " : "").append(pick("10.0.0.0/8", "192.168.1.1", "2001:db8::/32", "10.0.0.1..10.0.0.9",
                    "::ffff:0:0/96", "2001:db8::1..2001:db8::ff", "0.0.0.0/0"));
        }
        return b.append('}').toString();
    }

    private String logicalOp() {
        return pick("and", "&&", "or", "||", "xor", "^^");
    }

    private String space() {
        return pick("", "", " ", "\n", "  ");
    }

    private String space1() {
        return pick(" ", " ", "\n", "  ", " \r\n ");
    }

    private String pick(String... options) {
        return options[random.nextInt(options.length)];
    }

}
