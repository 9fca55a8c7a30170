package dev.bliss.firewall;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.bliss.plugin.SyntheticRequest;
import dev.bliss.plugin.field.Fields;
import java.io.IOException;
import java.io.InputStream;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;
import java.util.stream.Stream;
import org.junit.jupiter.api.DynamicTest;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestFactory;

/**
 * The table of expressions in {@code expressions.txt}: each valid one must give its expected
 * result on {@link TestFixture}'s request and fields, each invalid one must fail with exactly the
 * expected text (line, column, carets and message).
 */
class ExpressionTableTest {

    private static final TestFixture FIXTURE = new TestFixture();

    record Case(int line, String expression, Boolean expected, String error) {
    }

    static List<Case> cases() throws IOException {
        List<String> lines;
        try (InputStream in = ExpressionTableTest.class.getResourceAsStream("/expressions.txt")) {
            lines = new String(in.readAllBytes(), StandardCharsets.UTF_8).lines().toList();
        }
        List<Case> cases = new ArrayList<>();
        for (int i = 0; i < lines.size(); i++) {
            String line = lines.get(i);
            if (line.startsWith("#") || line.isBlank()) {
                continue;
            }
            if (line.startsWith("!!")) {
                String expression = unescape(line.substring(2).replaceFirst("^ ", ""));
                String error = String.join("\n", lines.subList(i + 1, i + 4));
                cases.add(new Case(i + 1, expression, null, error));
                i += 3;
            } else if (line.contains(" ==> ")) {
                int arrow = line.lastIndexOf(" ==> ");
                String result = line.substring(arrow + 5).trim();
                if (!result.equals("true") && !result.equals("false")) {
                    throw new IllegalStateException("expressions.txt:" + (i + 1) + ": expected true or false");
                }
                cases.add(new Case(i + 1, unescape(line.substring(0, arrow)), Boolean.valueOf(result), null));
            } else {
                throw new IllegalStateException("expressions.txt:" + (i + 1) + ": cannot read " + line);
            }
        }
        return cases;
    }

    private static String unescape(String expression) {
        return expression.replace("\\n", "\n");
    }

    @TestFactory
    Stream<DynamicTest> expressionsGiveTheirResultOrTheirError() throws IOException {
        Fields fields = FIXTURE.fields();
        SyntheticRequest request = TestFixture.request();
        return cases().stream().map(c -> DynamicTest.dynamicTest("line " + c.line() + ": " + c.expression(), () -> {
            if (c.error() != null) {
                FilterException e = assertThrows(FilterException.class, () -> Filter.compile(c.expression(), FIXTURE.scheme));
                assertEquals(c.error(), e.getMessage());
            } else {
                Filter f = Filter.compile(c.expression(), FIXTURE.scheme);
                assertEquals(c.expected(), f.newMatcher().matches(request, fields));
            }
        }));
    }

    @Test
    void shouldHaveAtLeast150Expressions() throws IOException {
        List<Case> cases = cases();
        assertTrue(cases.size() >= 150, "only " + cases.size() + " cases");
        assertTrue(cases.stream().filter(c -> c.error() != null).count() >= 50);
    }

    @Test
    void shouldReportLineColumnAndSpanSeparately() {
        FilterException e = assertThrows(FilterException.class,
                () -> Filter.compile("ssl and\n  http.host eq 12", FIXTURE.scheme));
        assertEquals(2, e.line());
        assertEquals(18, e.column());
        assertEquals(0, e.spanLength());
        assertEquals("expected 1 characters, but found 0", e.reason());
        assertEquals("  http.host eq 12", e.sourceLine());
    }

    @Test
    void shouldLimitNestingTo128() throws FilterException {
        String deep = "(".repeat(128) + "ssl" + ")".repeat(128);
        Filter.compile(deep, FIXTURE.scheme);
        String tooDeep = "(".repeat(129) + "ssl" + ")".repeat(129);
        FilterException e = assertThrows(FilterException.class, () -> Filter.compile(tooDeep, FIXTURE.scheme));
        assertEquals("maximum nesting depth exceeded (limit: 128)", e.reason());
        assertEquals(129, e.column());
        String nots = "not ".repeat(129) + "ssl";
        assertEquals("maximum nesting depth exceeded (limit: 128)",
                assertThrows(FilterException.class, () -> Filter.compile(nots, FIXTURE.scheme)).reason());
    }
}
