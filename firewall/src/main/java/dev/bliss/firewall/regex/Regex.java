package dev.bliss.firewall.regex;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.HashMap;
import java.util.List;
import java.util.Map;

/**
 * A compiled regex that answers one question in time linear in the input: does it match anywhere
 * in these bytes? (wirefilter's {@code matches} is a search, not a whole-value match.)
 *
 * <p>Compilation builds the whole deterministic automaton up front, over byte classes, with the
 * context needed by anchors and word boundaries folded into its states, so matching is one table
 * lookup per byte, allocates nothing and needs no per-thread state. A pattern whose automaton
 * would exceed {@link #MAX_DFA_STATES} states is run instead by simulating its NFA over the
 * caller's scratch array: still linear (states × bytes), still allocation-free. Either way there
 * is no backtracking, so no pattern can be a ReDoS.
 *
 * <p>Immutable and thread-safe.
 */
public final class Regex {

    /** Above this many states the automaton is not built and the NFA is simulated instead. */
    public static final int MAX_DFA_STATES = 3000;

    private static final int MATCHED = -1;
    private static final int DEAD = -2;

    private final String pattern;
    private final Nfa nfa;
    // DFA (null table when simulating the NFA). A state is named by its row offset in the table
    // (state index << shift), so a step is one add and one load, with no multiply on the chain of
    // dependent loads that a scan is.
    private final int[] table;
    private final byte[] classOf;
    private final int shift;
    private final boolean[] acceptAtEnd;
    /**
     * Per state, when most bytes keep the automaton in that state (typically the unanchored start
     * of a pattern such as {@code (?i)(sqlmap|nikto)}): 1 for each byte that stays. Scanning
     * through such bytes needs no table walk, so the loads do not wait on one another.
     */
    private final byte[][] stay;
    /**
     * When no match is shorter than two bytes and the pattern has no anchors or word boundaries:
     * the pairs of bytes a match can start with. The scan jumps from candidate to candidate and
     * runs the automaton only there.
     */
    private final PairScan starts;

    /** States that stay put on at least this many of the 256 byte values get a skip table. */
    private static final int STAY_THRESHOLD = 192;

    private Regex(String pattern, Nfa nfa, int[] table, byte[] classOf, int classes, boolean[] acceptAtEnd, PairScan starts) {
        this.pattern = pattern;
        this.nfa = nfa;
        this.classOf = classOf;
        this.acceptAtEnd = acceptAtEnd;
        this.starts = starts;
        if (table == null) {
            this.table = null;
            this.shift = 0;
            this.stay = null;
            return;
        }
        int states = table.length / classes;
        this.shift = 32 - Integer.numberOfLeadingZeros(Math.max(1, classes - 1));
        int stride = 1 << shift;
        this.table = new int[states * stride];
        for (int s = 0; s < states; s++) {
            for (int c = 0; c < classes; c++) {
                int t = table[s * classes + c];
                this.table[s * stride + c] = t < 0 ? t : t << shift;
            }
        }
        this.stay = new byte[states][];
        for (int s = 0; s < states; s++) {
            byte[] t = new byte[256];
            int count = 0;
            for (int b = 0; b < 256; b++) {
                if (table[s * classes + (classOf[b] & 0xFF)] == s) {
                    t[b] = 1;
                    count++;
                }
            }
            stay[s] = count >= STAY_THRESHOLD ? t : null;
        }
    }

    /** Compiles {@code pattern} (Rust regex syntax, byte semantics, see {@link RegexParser}). */
    public static Regex compile(String pattern) throws RegexSyntaxException {
        Nfa nfa = Nfa.compile(RegexParser.parse(pattern));
        DfaBuilder builder = new DfaBuilder(nfa);
        if (!builder.build()) {
            return new Regex(pattern, nfa, null, null, 0, null, null);
        }
        return new Regex(pattern, nfa, builder.table(), builder.classOf, builder.classes, builder.acceptAtEndArray(), builder.startPairs());
    }

    public String pattern() {
        return pattern;
    }

    /** Whether matching runs on the prebuilt automaton (true) or simulates the NFA (false). */
    public boolean isDeterministic() {
        return table != null;
    }

    /** Whether searches jump between candidate start pairs (see {@link PairScan}). */
    boolean scansStartPairs() {
        return starts != null;
    }

    /** The length of the scratch array {@link #find} needs; 0 for a deterministic regex. */
    public int scratchLength() {
        return table != null ? 0 : nfa.size * 5;
    }

    /**
     * Whether the pattern matches somewhere in {@code input[0, length)}.
     *
     * @param scratch at least {@link #scratchLength()} ints, owned by the calling thread
     */
    public boolean find(byte[] input, int length, int[] scratch) {
        if (table == null) {
            return simulate(input, length, scratch);
        }
        if (starts != null) {
            return findFromCandidates(input, length);
        }
        int[] t = table;
        byte[] cls = classOf;
        int row = 0;
        int i = 0;
        while (i < length) {
            byte[] skip = stay[row >>> shift];
            if (skip != null) {
                while (skip[input[i] & 0xFF] != 0) {
                    if (++i == length) {
                        return acceptAtEnd[row >>> shift];
                    }
                }
            }
            row = t[row + (cls[input[i] & 0xFF] & 0xFF)];
            i++;
            if (row < 0) {
                return row == MATCHED;
            }
        }
        return acceptAtEnd[row >>> shift];
    }

    /**
     * The scan with a start-pair filter. Every match is at least two bytes long and starts with a
     * candidate pair, so the automaton can start fresh (in state 0) one byte before a candidate:
     * any partial match in progress there would have started at an earlier candidate. It runs
     * until it is back in state 0 past the candidate, and the scan resumes from there.
     */
    private boolean findFromCandidates(byte[] input, int length) {
        int[] t = table;
        byte[] cls = classOf;
        int i = 0;
        while (true) {
            int candidate = starts.next(input, i, length);
            if (candidate < 0) {
                return false;
            }
            int j = Math.max(i, candidate - 1);
            int row = 0;
            while (true) {
                if (j == length) {
                    return acceptAtEnd[row >>> shift];
                }
                row = t[row + (cls[input[j] & 0xFF] & 0xFF)];
                j++;
                if (row < 0) {
                    return row == MATCHED;
                }
                if (row == 0 && j > candidate) {
                    break;
                }
            }
            i = j;
        }
    }

    // ---- NFA simulation, for patterns whose automaton is too large

    private boolean simulate(byte[] input, int length, int[] scratch) {
        int n = nfa.size;
        // two sparse sets (kernel, closure) and a stack, all in the caller's scratch
        final int kernelDense = 0;
        final int kernelSparse = n;
        final int closureDense = 2 * n;
        final int closureSparse = 3 * n;
        final int stack = 4 * n;
        int kernelSize = 1;
        scratch[kernelDense] = nfa.start;
        scratch[kernelSparse + nfa.start] = 0;
        int prev = Nfa.CTX_EDGE;
        for (int i = 0; i <= length; i++) {
            int next = i < length ? Nfa.context(input[i] & 0xFF) : Nfa.CTX_EDGE;
            int closureSize = 0;
            for (int k = 0; k < kernelSize; k++) {
                int top = 0;
                scratch[stack + top++] = scratch[kernelDense + k];
                while (top > 0) {
                    int s = scratch[stack + --top];
                    int at = scratch[closureSparse + s];
                    if (at < closureSize && scratch[closureDense + at] == s) {
                        continue;
                    }
                    scratch[closureSparse + s] = closureSize;
                    scratch[closureDense + closureSize++] = s;
                    switch (nfa.kind[s]) {
                        case Nfa.MATCH -> {
                            return true;
                        }
                        case Nfa.EMPTY -> scratch[stack + top++] = nfa.out[s];
                        case Nfa.SPLIT -> {
                            scratch[stack + top++] = nfa.out2[s];
                            scratch[stack + top++] = nfa.out[s];
                        }
                        case Nfa.ASSERT -> {
                            if (nfa.holds(s, prev, next)) {
                                scratch[stack + top++] = nfa.out[s];
                            }
                        }
                        default -> {
                        }
                    }
                }
            }
            if (i == length) {
                break;
            }
            int b = input[i] & 0xFF;
            kernelSize = 0;
            for (int c = 0; c < closureSize; c++) {
                int s = scratch[closureDense + c];
                if (nfa.kind[s] == Nfa.BYTES && nfa.accepts(s, b)) {
                    kernelSize = addToKernel(scratch, kernelDense, kernelSparse, kernelSize, nfa.out[s]);
                }
            }
            kernelSize = addToKernel(scratch, kernelDense, kernelSparse, kernelSize, nfa.start);
            prev = Nfa.context(b);
        }
        return false;
    }

    private static int addToKernel(int[] scratch, int dense, int sparse, int size, int s) {
        int at = scratch[sparse + s];
        if (at < size && scratch[dense + at] == s) {
            return size;
        }
        scratch[sparse + s] = size;
        scratch[dense + size] = s;
        return size + 1;
    }

    @Override
    public String toString() {
        return pattern;
    }

    /**
     * Subset construction with context. A DFA state is the set of NFA states reached ("kernel",
     * before following empty edges) plus the context of the previous byte, because whether an
     * assertion holds depends on the bytes on both sides; the closure is taken on each transition,
     * once the next byte is known. The start state is in every kernel, which makes the search
     * unanchored. States from which no match can be reached are dead: the scan stops there.
     */
    private static final class DfaBuilder {

        private final Nfa nfa;
        byte[] classOf = new byte[256];
        int classes;
        private int[] representative;
        private final Map<Key, Integer> ids = new HashMap<>();
        private final List<int[]> kernels = new ArrayList<>();
        private final List<Integer> prevs = new ArrayList<>();
        private final List<int[]> rows = new ArrayList<>();
        private final List<Boolean> acceptAtEnd = new ArrayList<>();
        private int[] finalTable;

        private record Key(int[] kernel, int prev) {
            @Override
            public boolean equals(Object o) {
                return o instanceof Key k && k.prev == prev && Arrays.equals(k.kernel, kernel);
            }

            @Override
            public int hashCode() {
                return Arrays.hashCode(kernel) * 31 + prev;
            }
        }

        DfaBuilder(Nfa nfa) {
            this.nfa = nfa;
            computeClasses();
        }

        /** Splits 0..255 into classes of bytes no part of the automaton tells apart. */
        private void computeClasses() {
            boolean[] boundary = new boolean[256];
            for (long[] set : nfa.sets) {
                for (int b = 1; b < 256; b++) {
                    if (Bits.contains(set, b) != Bits.contains(set, b - 1)) {
                        boundary[b] = true;
                    }
                }
            }
            for (int b = 1; b < 256; b++) {
                if (Nfa.context(b) != Nfa.context(b - 1)) {
                    boundary[b] = true;
                }
            }
            int c = 0;
            List<Integer> reps = new ArrayList<>();
            reps.add(0);
            for (int b = 0; b < 256; b++) {
                if (b > 0 && boundary[b]) {
                    c++;
                    reps.add(b);
                }
                classOf[b] = (byte) c;
            }
            classes = c + 1;
            representative = reps.stream().mapToInt(Integer::intValue).toArray();
        }

        private int reducePrev(int ctx) {
            return switch (ctx) {
                case Nfa.CTX_EDGE -> nfa.usesTextStart || nfa.usesLineStart ? Nfa.CTX_EDGE : Nfa.CTX_OTHER;
                case Nfa.CTX_WORD -> nfa.usesWord ? Nfa.CTX_WORD : Nfa.CTX_OTHER;
                case Nfa.CTX_NEWLINE -> nfa.usesLineStart ? Nfa.CTX_NEWLINE : Nfa.CTX_OTHER;
                default -> Nfa.CTX_OTHER;
            };
        }

        // scratch for closures and steps: a generation-stamped mark per NFA state
        private int[] mark;
        private int generation;
        private int[] buffer;
        private int[] stack;
        /** Per NFA state and byte class: whether a BYTES state consumes bytes of that class. */
        private boolean[][] acceptsClass;

        private void prepareScratch() {
            mark = new int[nfa.size];
            buffer = new int[nfa.size + 1];
            stack = new int[nfa.size * 2 + 2];
            acceptsClass = new boolean[nfa.size][];
            for (int s = 0; s < nfa.size; s++) {
                if (nfa.kind[s] == Nfa.BYTES) {
                    acceptsClass[s] = new boolean[classes];
                    for (int c = 0; c < classes; c++) {
                        acceptsClass[s][c] = nfa.accepts(s, representative[c]);
                    }
                }
            }
        }

        boolean build() {
            prepareScratch();
            int[] contextOfClass = new int[classes];
            for (int c = 0; c < classes; c++) {
                contextOfClass[c] = Nfa.context(representative[c]);
            }
            state(new int[] {nfa.start}, reducePrev(Nfa.CTX_EDGE));
            int[][] closureByContext = new int[4][];
            boolean[] computed = new boolean[4];
            for (int s = 0; s < kernels.size(); s++) {
                if (kernels.size() > MAX_DFA_STATES) {
                    return false;
                }
                int[] kernel = kernels.get(s);
                int prev = prevs.get(s);
                java.util.Arrays.fill(computed, false);
                int[] row = new int[classes];
                for (int c = 0; c < classes; c++) {
                    int next = contextOfClass[c];
                    if (!computed[next]) {
                        closureByContext[next] = closure(kernel, prev, next);
                        computed[next] = true;
                    }
                    int[] closure = closureByContext[next];
                    if (closure == null) {
                        row[c] = MATCHED;
                        continue;
                    }
                    row[c] = state(step(closure, c, true), reducePrev(next));
                }
                rows.add(row);
                acceptAtEnd.add(closure(kernel, prev, Nfa.CTX_EDGE) == null);
            }
            markDead();
            return true;
        }

        private int state(int[] kernel, int prev) {
            Key key = new Key(kernel, prev);
            Integer id = ids.get(key);
            if (id != null) {
                return id;
            }
            int n = kernels.size();
            ids.put(key, n);
            kernels.add(kernel);
            prevs.add(prev);
            return n;
        }

        /** The closure of a kernel, or null when it contains the match state. */
        private int[] closure(int[] kernel, int prev, int next) {
            int g = ++generation;
            int size = 0;
            int top = 0;
            for (int k : kernel) {
                stack[top++] = k;
            }
            while (top > 0) {
                int s = stack[--top];
                if (mark[s] == g) {
                    continue;
                }
                mark[s] = g;
                buffer[size++] = s;
                switch (nfa.kind[s]) {
                    case Nfa.MATCH -> {
                        return null;
                    }
                    case Nfa.EMPTY -> stack[top++] = nfa.out[s];
                    case Nfa.SPLIT -> {
                        stack[top++] = nfa.out2[s];
                        stack[top++] = nfa.out[s];
                    }
                    case Nfa.ASSERT -> {
                        if (nfa.holds(s, prev, next)) {
                            stack[top++] = nfa.out[s];
                        }
                    }
                    default -> {
                    }
                }
            }
            return java.util.Arrays.copyOf(buffer, size);
        }

        /**
         * The sorted kernel reached from {@code closure} on bytes of class {@code c}; with
         * {@code restart}, the start state is added (the search is unanchored).
         */
        private int[] step(int[] closure, int c, boolean restart) {
            int g = ++generation;
            int size = 0;
            for (int s : closure) {
                if (acceptsClass[s] != null && acceptsClass[s][c]) {
                    int t = nfa.out[s];
                    if (mark[t] != g) {
                        mark[t] = g;
                        buffer[size++] = t;
                    }
                }
            }
            if (restart && mark[nfa.start] != g) {
                buffer[size++] = nfa.start;
            }
            int[] next = java.util.Arrays.copyOf(buffer, size);
            java.util.Arrays.sort(next);
            return next;
        }

        /** Replaces transitions into states that can never lead to a match by {@link #DEAD}. */
        private void markDead() {
            int n = rows.size();
            boolean[] live = new boolean[n];
            boolean changed = true;
            while (changed) {
                changed = false;
                for (int s = 0; s < n; s++) {
                    if (live[s]) {
                        continue;
                    }
                    boolean l = acceptAtEnd.get(s);
                    for (int t : rows.get(s)) {
                        if (t == MATCHED || t >= 0 && live[t]) {
                            l = true;
                            break;
                        }
                    }
                    if (l) {
                        live[s] = true;
                        changed = true;
                    }
                }
            }
            finalTable = new int[n * classes];
            for (int s = 0; s < n; s++) {
                int[] row = rows.get(s);
                for (int c = 0; c < classes; c++) {
                    int t = row[c];
                    finalTable[s * classes + c] = t >= 0 && !live[t] ? DEAD : t;
                }
            }
            if (!live[0]) {
                // nothing can ever match: make the first byte end the scan
                Arrays.fill(finalTable, 0, classes, DEAD);
            }
        }

        int[] table() {
            return finalTable;
        }

        /**
         * The byte pairs matches can start with (see {@link PairScan}), computed per byte class;
         * null when the pattern has context assertions, can match fewer than two bytes, or would
         * need too many compares.
         */
        PairScan startPairs() {
            if (nfa.usesTextStart || nfa.usesLineStart || nfa.usesTextEnd || nfa.usesLineEnd || nfa.usesWord) {
                return null;
            }
            int ctx = Nfa.CTX_OTHER;
            int[] c0 = closure(new int[] {nfa.start}, ctx, ctx);
            if (c0 == null) {
                return null;
            }
            long[][] secondByClass = new long[classes][];
            for (int c = 0; c < classes; c++) {
                int[] k1 = step(c0, c, false);
                if (k1.length == 0) {
                    continue;
                }
                int[] c1 = closure(k1, ctx, ctx);
                if (c1 == null) {
                    return null; // a one-byte match
                }
                long[] second = new long[4];
                for (int d = 0; d < classes; d++) {
                    if (step(c1, d, false).length > 0) {
                        for (int b = 0; b < 256; b++) {
                            if ((classOf[b] & 0xFF) == d) {
                                second[b >>> 6] |= 1L << b;
                            }
                        }
                    }
                }
                secondByClass[c] = second;
            }
            long[][] secondByFirst = new long[256][];
            for (int b = 0; b < 256; b++) {
                secondByFirst[b] = secondByClass[classOf[b] & 0xFF];
            }
            return PairScan.ofPairs(secondByFirst);
        }


        boolean[] acceptAtEndArray() {
            boolean[] a = new boolean[acceptAtEnd.size()];
            for (int i = 0; i < a.length; i++) {
                a[i] = acceptAtEnd.get(i);
            }
            return a;
        }
    }
}
