package dev.bliss.plugin.field;

import java.nio.charset.StandardCharsets;
import java.util.concurrent.ConcurrentHashMap;

/**
 * A Bytes value known before the first request (a score source, a verdict's name), interned for
 * the process with a small id, so that a reader can tell it by one int instead of by its bytes.
 *
 * <pre>{@code
 * static final Symbol ML = Symbol.of("machine_learning");    // once
 * fields.set(source, ML);                                     // writer, per request: the bytes, and the id
 * int id = fields.symbol(source);                             // reader: ML.id(), or -1 when set otherwise
 * }</pre>
 *
 * The value reads the same as if set from its text ({@link Fields#bytes}, {@link Fields#length},
 * rules and logs see no difference); the id is a shortcut for readers that count by value, as the
 * proxy's dashboard counts scores by source on every exchange.
 *
 * <p>One per distinct text for the life of the process: {@link #of} hands the same instance back,
 * and ids are dense from 0 in the order texts were first seen, so a reader can index an array by
 * them. Meant for constants: every text is kept, and there are at most {@value #MAX} of them.
 * <b>Thread:</b> immutable; {@link #of} is safe from any thread.
 */
public final class Symbol {

    /** How many symbols a process may have: far more than constants need, few enough to index by. */
    public static final int MAX = 4096;

    private static final ConcurrentHashMap<String, Symbol> INTERNED = new ConcurrentHashMap<>();

    private final String text;
    private final int id;
    /** The text as {@link Fields#set(BytesField, CharSequence)} would store it (UTF-8, Latin-1 alike for ASCII). */
    final byte[] bytes;

    private Symbol(String text, int id) {
        this.text = text;
        this.id = id;
        this.bytes = text.getBytes(StandardCharsets.UTF_8);
    }

    /**
     * The symbol of {@code text}: made on its first call, the same instance on every later one.
     *
     * @throws IllegalStateException when {@value #MAX} symbols exist already (texts that are not
     *                               constants: set those with {@link Fields#set(BytesField, CharSequence)})
     */
    public static Symbol of(String text) {
        Symbol known = INTERNED.get(text);
        return known != null ? known : intern(text);
    }

    // synchronized: the id is the count so far, which two texts made at once in different bins of
    // a computeIfAbsent could both take
    private static synchronized Symbol intern(String text) {
        Symbol known = INTERNED.get(text);
        if (known != null) {
            return known;
        }
        int id = INTERNED.size();
        if (id == MAX) {
            throw new IllegalStateException("more than " + MAX + " symbols: \"" + text + "\" is not a constant");
        }
        Symbol made = new Symbol(text, id);
        INTERNED.put(text, made);
        return made;
    }

    /** How many symbols the process has made: every id is below it. */
    static int count() {
        return INTERNED.size();
    }

    /** Its number, from 0, unique in the process. */
    public int id() {
        return id;
    }

    public String text() {
        return text;
    }

    @Override
    public String toString() {
        return text;
    }
}
