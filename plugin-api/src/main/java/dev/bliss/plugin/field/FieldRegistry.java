package dev.bliss.plugin.field;

/**
 * Where a detector declares, at startup, the fields it writes and the fields it reads.
 *
 * <p>The declarations order the detectors: a detector runs after every detector that produces a
 * field it consumes. A field consumed but produced by nobody, a field produced twice and a cycle
 * fail startup with a message naming the detectors. Names are dotted lower-case words
 * ({@code bot.score}, {@code acme.login_rate}).
 *
 * <p>Startup only; the handles returned are used on the request path.
 */
public interface FieldRegistry {

    BoolField produceBool(String name);

    IntField produceInt(String name);

    FloatField produceFloat(String name);

    /** A string or byte-string field holding at most {@code maxLength} bytes. */
    BytesField produceBytes(String name, int maxLength);

    IpField produceIp(String name);

    IntArrayField produceIntArray(String name, int maxLength);

    /**
     * Declares that this detector reads {@code name}, which must be of {@code type}; the handle is
     * resolved once every detector has declared what it produces.
     */
    <F extends Field> Consumed<F> consume(String name, Class<F> type);

    /**
     * Declares a per-request object of this detector's own ({@link Attachment}): made by
     * {@code factory} once per pooled request, reused after that.
     */
    <T> Attachment<T> attachment(Class<T> type, java.util.function.Supplier<? extends T> factory);

    /** A consumed field's handle, available from the end of startup on. */
    interface Consumed<F extends Field> {

        /** The handle; throws {@link IllegalStateException} when called before startup ends. */
        F get();
    }
}
