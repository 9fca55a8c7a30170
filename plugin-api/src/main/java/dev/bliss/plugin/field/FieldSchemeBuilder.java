package dev.bliss.plugin.field;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.regex.Pattern;

/**
 * Collects the field declarations of every detector (the host's side of {@link FieldRegistry})
 * and freezes them into a {@link FieldScheme}.
 *
 * <p>Each detector declares through its own view ({@link #registryFor(String)}), so the builder
 * knows who produces and who consumes each field; the pipeline orders detectors from that.
 * Startup only, single-threaded.
 */
public final class FieldSchemeBuilder {

    private static final Pattern NAME = Pattern.compile("[a-z][a-z0-9_]*(\\.[a-z][a-z0-9_]*)+");

    private final FieldScheme scheme = new FieldScheme();
    private final Map<String, String> producers = new LinkedHashMap<>();
    private final Map<String, Set<String>> consumed = new LinkedHashMap<>();
    private final List<PendingConsumption<?>> pending = new ArrayList<>();
    private final List<Integer> bytesMax = new ArrayList<>();
    private final List<Integer> arrayMax = new ArrayList<>();
    private boolean built;

    /** The declaration view of one owner (a detector's name, or {@code proxy} / {@code firewall}). */
    public FieldRegistry registryFor(String owner) {
        consumed.computeIfAbsent(owner, o -> new LinkedHashSet<>());
        return new OwnerRegistry(owner);
    }

    /** Field name to the owner that produces it, in declaration order. */
    public Map<String, String> producers() {
        return Map.copyOf(producers);
    }

    /** Owner to the names of the fields it consumes. */
    public Map<String, Set<String>> consumers() {
        Map<String, Set<String>> copy = new LinkedHashMap<>();
        consumed.forEach((owner, names) -> copy.put(owner, Set.copyOf(names)));
        return copy;
    }

    /**
     * Freezes the scheme and resolves every consumed handle.
     *
     * @throws FieldDeclarationException when a consumed field has no producer or the wrong type
     */
    public FieldScheme build() {
        if (built) {
            throw new IllegalStateException("already built");
        }
        for (PendingConsumption<?> p : pending) {
            p.resolve();
        }
        scheme.bytesMaxLengths = bytesMax.stream().mapToInt(Integer::intValue).toArray();
        scheme.arrayMaxLengths = arrayMax.stream().mapToInt(Integer::intValue).toArray();
        built = true;
        return scheme;
    }

    private <F extends Field> F declare(String owner, String name, F field) {
        if (built) {
            throw new IllegalStateException("fields are declared at startup only");
        }
        if (!NAME.matcher(name).matches()) {
            throw new FieldDeclarationException(owner + ": field name \"" + name
                    + "\" must be dotted lower-case words, like bot.score");
        }
        String previous = producers.putIfAbsent(name, owner);
        if (previous != null) {
            throw new FieldDeclarationException("field " + name + " is produced by both " + previous + " and " + owner);
        }
        scheme.add(field);
        return field;
    }

    private int nextIndex() {
        return scheme.size();
    }

    private final class OwnerRegistry implements FieldRegistry {

        private final String owner;

        OwnerRegistry(String owner) {
            this.owner = owner;
        }

        @Override
        public BoolField produceBool(String name) {
            return declare(owner, name, new BoolField(name, nextIndex(), scheme.scalarSlots++, scheme.key));
        }

        @Override
        public IntField produceInt(String name) {
            return declare(owner, name, new IntField(name, nextIndex(), scheme.scalarSlots++, scheme.key));
        }

        @Override
        public FloatField produceFloat(String name) {
            return declare(owner, name, new FloatField(name, nextIndex(), scheme.scalarSlots++, scheme.key));
        }

        @Override
        public BytesField produceBytes(String name, int maxLength) {
            requirePositive(name, maxLength);
            BytesField f = declare(owner, name, new BytesField(name, nextIndex(), scheme.bytesSlots, scheme.key, maxLength));
            scheme.bytesSlots++;
            bytesMax.add(maxLength);
            return f;
        }

        @Override
        public IpField produceIp(String name) {
            return declare(owner, name, new IpField(name, nextIndex(), scheme.ipSlots++, scheme.key));
        }

        @Override
        public IntArrayField produceIntArray(String name, int maxLength) {
            requirePositive(name, maxLength);
            IntArrayField f = declare(owner, name, new IntArrayField(name, nextIndex(), scheme.arraySlots, scheme.key, maxLength));
            scheme.arraySlots++;
            arrayMax.add(maxLength);
            return f;
        }

        @Override
        public <T> Attachment<T> attachment(Class<T> type, java.util.function.Supplier<? extends T> factory) {
            if (built) {
                throw new IllegalStateException("attachments are declared at startup only");
            }
            return new Attachment<>(owner, scheme.attachments++, type, factory, scheme.key);
        }

        @Override
        public <F extends Field> Consumed<F> consume(String name, Class<F> type) {
            consumed.get(owner).add(name);
            PendingConsumption<F> p = new PendingConsumption<>(owner, name, type);
            pending.add(p);
            return p;
        }

        private void requirePositive(String name, int maxLength) {
            if (maxLength <= 0) {
                throw new FieldDeclarationException(owner + ": field " + name + " needs a positive maximum length");
            }
        }
    }

    private final class PendingConsumption<F extends Field> implements FieldRegistry.Consumed<F> {

        private final String owner;
        private final String name;
        private final Class<F> type;
        private F resolved;

        PendingConsumption(String owner, String name, Class<F> type) {
            this.owner = owner;
            this.name = name;
            this.type = type;
        }

        void resolve() {
            Field f = scheme.field(name);
            if (f == null) {
                throw new FieldDeclarationException(owner + " consumes field " + name + ", which no detector produces");
            }
            if (!type.isInstance(f)) {
                throw new FieldDeclarationException(owner + " consumes field " + name + " as "
                        + type.getSimpleName() + ", but " + producers.get(name) + " produces it as " + f.type().ruleTypeName());
            }
            resolved = type.cast(f);
        }

        @Override
        public F get() {
            if (resolved == null) {
                throw new IllegalStateException("field " + name + " is resolved when startup ends");
            }
            return resolved;
        }
    }
}
