package dev.bliss.bot.heuristics;

import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.List;

/**
 * Finds which of up to 64 sets of literal patterns occur in a text, in one pass over the text:
 * an Aho–Corasick automaton compiled to a dense transition table over ASCII, case-insensitive.
 *
 * <p><b>Patterns.</b> A pattern is printable ASCII, matched as a substring regardless of ASCII
 * case. A leading {@code ^} anchors it to the start of the text, a trailing {@code $} to the end
 * ({@code ^curl/} matches {@code curl/8.5.0} only; {@code ^x$} matches exactly {@code x}). Each
 * pattern belongs to one set, numbered 0..63; {@link #scan} answers with a bit per set found.
 * Characters above U+007F never match a pattern character.
 *
 * <p><b>How anchors work.</b> The text is scanned as if framed by two symbols no character maps
 * to, BEGIN and END; {@code ^abc} is compiled as BEGIN·a·b·c and {@code abc$} as a·b·c·END. So
 * anchors cost two table steps per scan and no special case in the loop.
 *
 * <pre>
 *   classOf[c]            char (0..127) -> symbol class; upper case folds to lower;
 *                         0 = "no pattern has this character", also for c &gt; 127
 *   next[s &lt;&lt; shift | k]  state after reading class k in state s (failure links pre-resolved);
 *                         rows are padded to a power of two so that finding a row is a shift,
 *                         not a multiply, on the one dependency chain of the loop
 *   found[s]              bit per set whose pattern ends in state s, or in a suffix of it
 * </pre>
 *
 * <p><b>Speed.</b> A walk is a chain of dependent loads, one per character; texts longer than
 * about twice the longest pattern are walked as two interleaved halves (see
 * {@code scanTwoWalks}), which the CPU runs in parallel.
 *
 * <p><b>Threads and allocation.</b> Immutable after construction and safe to share between event
 * loops. {@link #scan} allocates nothing.
 */
public final class PatternAutomaton {

    /** The most sets one automaton distinguishes: one bit of a {@code long} each. */
    public static final int MAX_SETS = 64;
    /** Transitions are {@code char}s, so the state count must fit one. */
    public static final int MAX_STATES = 65_535;

    private static final int OTHER = 0;

    private final byte[] classOf;
    private final int shift;
    /** The longest pattern's length (anchors excluded) minus one. */
    private final int overlap;
    /** Texts at least this long are scanned as two walks; shorter ones gain nothing from it. */
    private final int splitMin;
    private final int begin;
    private final int end;
    private final char[] next;
    private final long[] found;

    private PatternAutomaton(byte[] classOf, int classes, int shift, int longest, char[] next, long[] found) {
        this.classOf = classOf;
        this.shift = shift;
        this.overlap = longest - 1;
        this.splitMin = 2 * longest + 16;
        this.begin = classes - 2;
        this.end = classes - 1;
        this.next = next;
        this.found = found;
    }

    /**
     * The sets with at least one pattern in {@code text}: bit {@code i} set when set {@code i}
     * matched. Allocation-free.
     */
    public long scan(CharSequence text) {
        final int n = text.length();
        return n < splitMin ? scanOneWalk(text, n) : scanTwoWalks(text, n);
    }

    private long scanOneWalk(CharSequence text, int n) {
        final char[] next = this.next;
        final long[] found = this.found;
        final int shift = this.shift;
        int state = next[begin];
        long sets = found[state];
        for (int i = 0; i < n; i++) {
            state = next[state << shift | symbol(text.charAt(i))];
            sets |= found[state];
        }
        state = next[state << shift | end];
        return sets | found[state];
    }

    /**
     * Each step of a walk needs the state the previous step loaded, so one walk runs at the
     * latency of a table load per character. Two walks over the two halves of the text are
     * independent chains that the CPU overlaps: {@code a} over {@code [0, split)} from BEGIN,
     * {@code b} over {@code [split - overlap, n)} from the root, where {@code overlap} is the
     * longest pattern's length minus one. An occurrence ending before {@code split} lies in the
     * first range; one ending later starts at or after {@code split - overlap}, in the second.
     * Only {@code a} sees BEGIN and only {@code b} sees END, as anchors need.
     */
    private long scanTwoWalks(CharSequence text, int n) {
        final char[] next = this.next;
        final long[] found = this.found;
        final int shift = this.shift;
        final int split = (n + overlap) >>> 1;
        int a = next[begin];
        int b = 0;
        long sets = found[a];
        int j = split - overlap;
        for (int i = 0; i < split; i++, j++) {
            a = next[a << shift | symbol(text.charAt(i))];
            b = next[b << shift | symbol(text.charAt(j))];
            sets |= found[a] | found[b];
        }
        for (; j < n; j++) {
            b = next[b << shift | symbol(text.charAt(j))];
            sets |= found[b];
        }
        b = next[b << shift | end];
        return sets | found[b];
    }

    private int symbol(char c) {
        return c < 128 ? classOf[c] : OTHER;
    }

    /** The number of states; for sizing figures and tests. */
    public int states() {
        return found.length;
    }

    /** Collects patterns, then compiles them once. Startup only; not thread-safe. */
    public static final class Builder {

        private final List<String> patterns = new ArrayList<>();
        private final List<Integer> sets = new ArrayList<>();

        /** A builder holding the same patterns, to compile them together with more. */
        public Builder copy() {
            Builder b = new Builder();
            b.patterns.addAll(patterns);
            b.sets.addAll(sets);
            return b;
        }

        /**
         * Adds a pattern to a set.
         *
         * @throws IllegalArgumentException when the pattern is not printable ASCII, is empty
         *     once its anchors are removed, or the set is outside 0..63
         */
        public Builder add(int set, String pattern) {
            String problem = problem(pattern);
            if (problem != null) {
                throw new IllegalArgumentException(problem);
            }
            if (set < 0 || set >= MAX_SETS) {
                throw new IllegalArgumentException("set " + set + " is outside 0.." + (MAX_SETS - 1));
            }
            patterns.add(pattern);
            sets.add(set);
            return this;
        }

        /** Why a pattern is not accepted, or {@code null} when it is; for configuration errors. */
        public static String problem(String pattern) {
            for (int i = 0; i < pattern.length(); i++) {
                char c = pattern.charAt(i);
                if (c < 0x20 || c > 0x7E) {
                    return "patterns are printable ASCII; character " + (i + 1) + " is U+"
                            + String.format("%04X", (int) c);
                }
            }
            int from = pattern.startsWith("^") ? 1 : 0;
            int to = pattern.length() > from && pattern.endsWith("$") ? pattern.length() - 1 : pattern.length();
            return to > from ? null : "the pattern is empty";
        }

        /**
         * Compiles the automaton.
         *
         * @throws IllegalStateException when the patterns need more than {@link #MAX_STATES} states
         */
        public PatternAutomaton build() {
            // Symbol classes: one per distinct (lower-cased) pattern character, plus OTHER,
            // BEGIN and END. A small alphabet keeps the dense table small.
            byte[] classOf = new byte[128];
            int classes = 1;
            for (String p : patterns) {
                for (int i = 0; i < p.length(); i++) {
                    char c = lower(p.charAt(i));
                    if (classOf[c] == 0 && !isAnchor(p, i)) {
                        classOf[c] = (byte) classes++;
                    }
                }
            }
            for (char c = 'A'; c <= 'Z'; c++) {
                classOf[c] = classOf[lower(c)];
            }
            int begin = classes++;
            int end = classes++;

            // The trie, as growable per-state child arrays indexed by class.
            List<int[]> children = new ArrayList<>();
            List<Long> output = new ArrayList<>();
            children.add(newRow(classes));
            output.add(0L);
            int longest = 1;
            for (int p = 0; p < patterns.size(); p++) {
                String pattern = patterns.get(p);
                int state = 0;
                int from = 0;
                int to = pattern.length();
                if (pattern.startsWith("^")) {
                    state = child(children, output, state, begin, classes);
                    from = 1;
                }
                boolean atEnd = to > from && pattern.endsWith("$");
                if (atEnd) {
                    to--;
                }
                longest = Math.max(longest, to - from);
                for (int i = from; i < to; i++) {
                    state = child(children, output, state, classOf[lower(pattern.charAt(i))], classes);
                }
                if (atEnd) {
                    state = child(children, output, state, end, classes);
                }
                output.set(state, output.get(state) | 1L << sets.get(p));
            }
            int states = children.size();
            if (states > MAX_STATES) {
                throw new IllegalStateException("the patterns need " + states + " automaton states, more than "
                        + MAX_STATES + "; use fewer or shorter patterns");
            }

            // Breadth-first: failure links, outputs merged along them, and the dense table in
            // which a missing child is replaced by the failure state's transition.
            int shift = 32 - Integer.numberOfLeadingZeros(classes - 1);
            char[] next = new char[states << shift];
            long[] found = new long[states];
            int[] fail = new int[states];
            ArrayDeque<Integer> queue = new ArrayDeque<>();
            int[] root = children.get(0);
            for (int k = 0; k < classes; k++) {
                int c = root[k];
                if (c > 0) {
                    fail[c] = 0;
                    next[k] = (char) c;
                    queue.add(c);
                }
            }
            found[0] = output.get(0);
            while (!queue.isEmpty()) {
                int s = queue.poll();
                found[s] = output.get(s) | found[fail[s]];
                int[] row = children.get(s);
                for (int k = 0; k < classes; k++) {
                    int c = row[k];
                    if (c > 0) {
                        fail[c] = next[fail[s] << shift | k];
                        next[s << shift | k] = (char) c;
                        queue.add(c);
                    } else {
                        next[s << shift | k] = next[fail[s] << shift | k];
                    }
                }
            }
            return new PatternAutomaton(classOf, classes, shift, longest, next, found);
        }

        private static int child(List<int[]> children, List<Long> output, int state, int k, int classes) {
            int[] row = children.get(state);
            if (row[k] == 0) {
                row[k] = children.size();
                children.add(newRow(classes));
                output.add(0L);
            }
            return row[k];
        }

        private static int[] newRow(int classes) {
            return new int[classes];
        }

        private static boolean isAnchor(String p, int i) {
            return i == 0 && p.charAt(0) == '^' || i == p.length() - 1 && i > 0 && p.charAt(i) == '$';
        }

        private static char lower(char c) {
            return c >= 'A' && c <= 'Z' ? (char) (c + 32) : c;
        }
    }
}
