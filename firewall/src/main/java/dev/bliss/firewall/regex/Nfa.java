package dev.bliss.firewall.regex;

import dev.bliss.firewall.regex.RegexNode.AssertionKind;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;

/**
 * A Thompson automaton over bytes, without captures: the only question bliss asks of a regex is
 * whether it matches somewhere. States live in parallel arrays; state 0 is the match state.
 *
 * <pre>
 *   BYTES  set, out     consume one byte in the set
 *   SPLIT  out, out2    try both
 *   EMPTY  out          go on without consuming
 *   ASSERT kind, out    go on if the condition holds at this position
 *   MATCH               a match ends here
 * </pre>
 *
 * <p>Built once per pattern at compile time; immutable afterwards.
 */
final class Nfa {

    static final int BYTES = 0;
    static final int SPLIT = 1;
    static final int EMPTY = 2;
    static final int ASSERT = 3;
    static final int MATCH = 4;

    /** Patterns that need more states than this are refused, bounding compile time and memory. */
    static final int MAX_STATES = 20_000;

    /** Contexts of the byte before or after a position. */
    static final int CTX_EDGE = 0;
    static final int CTX_WORD = 1;
    static final int CTX_NEWLINE = 2;
    static final int CTX_OTHER = 3;

    int[] kind = new int[64];
    int[] out = new int[64];
    int[] out2 = new int[64];
    /** For BYTES: index into {@link #sets}; for ASSERT: the {@link AssertionKind} ordinal. */
    int[] arg = new int[64];
    final List<long[]> sets = new ArrayList<>();
    int size;
    int start;
    boolean usesTextStart;
    boolean usesLineStart;
    boolean usesLineEnd;
    boolean usesTextEnd;
    boolean usesWord;

    private Nfa() {
    }

    static Nfa compile(RegexNode root) throws RegexSyntaxException {
        Nfa nfa = new Nfa();
        int match = nfa.add(MATCH, -1, -1, 0);
        nfa.start = nfa.build(root, match);
        nfa.trim();
        return nfa;
    }

    private int add(int k, int o, int o2, int a) throws RegexSyntaxException {
        if (size == MAX_STATES) {
            throw new RegexSyntaxException("regex too large (more than " + MAX_STATES + " automaton states)", 0);
        }
        if (size == kind.length) {
            int n = size * 2;
            kind = Arrays.copyOf(kind, n);
            out = Arrays.copyOf(out, n);
            out2 = Arrays.copyOf(out2, n);
            arg = Arrays.copyOf(arg, n);
        }
        kind[size] = k;
        out[size] = o;
        out2[size] = o2;
        arg[size] = a;
        return size++;
    }

    private void trim() {
        kind = Arrays.copyOf(kind, size);
        out = Arrays.copyOf(out, size);
        out2 = Arrays.copyOf(out2, size);
        arg = Arrays.copyOf(arg, size);
    }

    /** Builds states matching {@code node} and then continuing at {@code next}; returns the entry. */
    private int build(RegexNode node, int next) throws RegexSyntaxException {
        return switch (node) {
            case RegexNode.ByteSet b -> {
                sets.add(b.bits());
                yield add(BYTES, next, -1, sets.size() - 1);
            }
            case RegexNode.Empty e -> next;
            case RegexNode.Assertion a -> {
                switch (a.kind()) {
                    case TEXT_START -> usesTextStart = true;
                    case LINE_START -> usesLineStart = true;
                    case TEXT_END -> usesTextEnd = true;
                    case LINE_END -> usesLineEnd = true;
                    case WORD_BOUNDARY, NOT_WORD_BOUNDARY -> usesWord = true;
                }
                yield add(ASSERT, next, -1, a.kind().ordinal());
            }
            case RegexNode.Concat c -> {
                int s = next;
                for (int i = c.items().size() - 1; i >= 0; i--) {
                    s = build(c.items().get(i), s);
                }
                yield s;
            }
            case RegexNode.Alternation a -> {
                int s = build(a.items().getLast(), next);
                for (int i = a.items().size() - 2; i >= 0; i--) {
                    int alt = build(a.items().get(i), next);
                    s = add(SPLIT, alt, s, 0);
                }
                yield s;
            }
            case RegexNode.Repeat r -> {
                int s = next;
                if (r.max() == RegexNode.Repeat.UNBOUNDED) {
                    // loop: split → body → back to split, or leave to next
                    int loop = add(SPLIT, -1, next, 0);
                    out[loop] = build(r.node(), loop);
                    s = loop;
                } else {
                    // optional copies, nested: (x(x(x)?)?)?
                    for (int i = 0; i < r.max() - r.min(); i++) {
                        int body = build(r.node(), s);
                        s = add(SPLIT, body, next, 0);
                    }
                }
                for (int i = 0; i < r.min(); i++) {
                    s = build(r.node(), s);
                }
                yield s;
            }
        };
    }

    boolean holds(int state, int prev, int next) {
        return switch (AssertionKind.values()[arg[state]]) {
            case TEXT_START -> prev == CTX_EDGE;
            case TEXT_END -> next == CTX_EDGE;
            case LINE_START -> prev == CTX_EDGE || prev == CTX_NEWLINE;
            case LINE_END -> next == CTX_EDGE || next == CTX_NEWLINE;
            case WORD_BOUNDARY -> (prev == CTX_WORD) != (next == CTX_WORD);
            case NOT_WORD_BOUNDARY -> (prev == CTX_WORD) == (next == CTX_WORD);
        };
    }

    static int context(int b) {
        return b == '\n' ? CTX_NEWLINE : Bits.isWord(b) ? CTX_WORD : CTX_OTHER;
    }

    boolean accepts(int state, int b) {
        return Bits.contains(sets.get(arg[state]), b);
    }
}
