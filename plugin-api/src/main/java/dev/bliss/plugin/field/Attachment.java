package dev.bliss.plugin.field;

import java.util.function.Supplier;

/**
 * A per-request slot for a detector's own object, declared at startup
 * ({@link FieldRegistry#attachment}) and found again in every phase of the same request through
 * the request's {@link Fields}: {@code fields.attached(handle)}. What inspect computes and onComplete
 * needs (a request event, a pending log record) lives there, instead of in a side table keyed by
 * the request view's identity.
 *
 * <p>The object is made by the factory the first time a pooled field table is asked for it, then
 * kept with that table and handed to every later request that uses the table: it is reused, not
 * remade, and {@link Fields#reset()} does not touch it. The detector resets what it needs when it
 * starts on a request.
 *
 * <p>Immutable; the handle may be shared by all event loops, each object belongs to one loop.
 *
 * @param <T> the object's type
 */
public final class Attachment<T> {

    private final String owner;
    private final int index;
    private final Class<T> type;
    private final Supplier<? extends T> factory;
    final FieldScheme.Key scheme;

    Attachment(String owner, int index, Class<T> type, Supplier<? extends T> factory, FieldScheme.Key scheme) {
        this.owner = owner;
        this.index = index;
        this.type = type;
        this.factory = factory;
        this.scheme = scheme;
    }

    int index() {
        return index;
    }

    T make() {
        T made = factory.get();
        if (!type.isInstance(made)) {
            throw new IllegalStateException(owner + ": attachment factory made " + made + ", not a " + type.getName());
        }
        return made;
    }

    T cast(Object o) {
        return type.cast(o);
    }

    @Override
    public String toString() {
        return "attachment " + index + " of " + owner + " (" + type.getSimpleName() + ")";
    }
}
