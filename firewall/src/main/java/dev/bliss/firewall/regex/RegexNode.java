package dev.bliss.firewall.regex;

import java.util.List;

/** The syntax tree of a regex, over bytes. Made by {@link RegexParser}, compiled by {@link Nfa}. */
sealed interface RegexNode {

    /** One byte out of a set of 256, as four 64-bit words. */
    record ByteSet(long[] bits) implements RegexNode {
    }

    record Concat(List<RegexNode> items) implements RegexNode {
    }

    record Alternation(List<RegexNode> items) implements RegexNode {
    }

    /** {@code max} is {@link #UNBOUNDED} for {@code *}, {@code +} and {@code {n,}}. */
    record Repeat(RegexNode node, int min, int max) implements RegexNode {
        static final int UNBOUNDED = -1;
    }

    record Assertion(AssertionKind kind) implements RegexNode {
    }

    record Empty() implements RegexNode {
    }

    /** Zero-width conditions on the bytes around the current position. */
    enum AssertionKind {
        /** {@code \A}, or {@code ^} without the {@code m} flag. */
        TEXT_START,
        /** {@code \z}, or {@code $} without the {@code m} flag. */
        TEXT_END,
        /** {@code ^} with {@code m}: start of text or after {@code \n}. */
        LINE_START,
        /** {@code $} with {@code m}: end of text or before {@code \n}. */
        LINE_END,
        WORD_BOUNDARY,
        NOT_WORD_BOUNDARY
    }
}
