package dev.bliss.firewall.ast;

import dev.bliss.firewall.lex.Scanner.StringForm;
import java.util.List;

/**
 * The right-hand side of a comparison (or a literal function argument). Byte strings, regexes
 * and wildcards remember how they were written, so printing gives back the same form.
 */
public sealed interface Literal {

    record IntLiteral(long value) implements Literal {
    }

    /** A bliss extension for {@code Float} fields. */
    record FloatLiteral(double value) implements Literal {
    }

    record BytesLiteral(ByteString value, StringForm form, int hashes) implements Literal {
    }

    /** A 128-bit address; IPv4 is held IPv4-mapped, as everywhere in bliss. */
    record IpLiteral(long high, long low) implements Literal {
    }

    record RegexLiteral(String pattern, StringForm form, int hashes) implements Literal {
    }

    record WildcardLiteral(String pattern, StringForm form, int hashes) implements Literal {
    }

    /** An inclusive integer range {@code first..last}; a single value has {@code first == last}. */
    record IntRange(long first, long last) implements Literal {
    }

    /** How an IP set element was written. */
    enum IpForm {
        ADDRESS, CIDR, RANGE
    }

    /** An inclusive address range written as an address, a CIDR ({@code prefix}) or {@code a..b}. */
    record IpRange(IpLiteral first, IpLiteral last, IpForm form, int prefix) implements Literal {
    }

    /** {@code {a b c}}: elements are IntRange, IpRange or BytesLiteral. */
    record SetLiteral(List<Literal> elements) implements Literal {

        public SetLiteral {
            elements = List.copyOf(elements);
        }
    }

    /** {@code $name}: a named list from the rules file. */
    record ListRef(String name) implements Literal {
    }
}
