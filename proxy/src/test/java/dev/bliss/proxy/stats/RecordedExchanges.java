package dev.bliss.proxy.stats;

import dev.bliss.plugin.Completion;
import dev.bliss.plugin.FirewallAction;
import dev.bliss.plugin.field.BytesField;
import dev.bliss.plugin.field.FieldRegistry;
import dev.bliss.plugin.field.FieldScheme;
import dev.bliss.plugin.field.FieldSchemeBuilder;
import dev.bliss.plugin.field.IntArrayField;
import dev.bliss.plugin.field.IntField;

/**
 * A scheme with the fields bot management produces, a table of it, and a completion whose
 * duration says when the exchange ended ({@code SyntheticRequest} arrives at nanoTime 0).
 */
final class RecordedExchanges {

    final FieldScheme scheme;
    final IntField score;
    final BytesField source;
    final IntArrayField ids;
    final BytesField ja4;
    final EndingAt completion = new EndingAt();

    RecordedExchanges() {
        FieldSchemeBuilder builder = new FieldSchemeBuilder();
        FieldRegistry r = builder.registryFor("bot");
        score = r.produceInt("bot.score");
        source = r.produceBytes("bot.score_source", 16);
        ids = r.produceIntArray("bot.detection_ids", 4);
        ja4 = r.produceBytes("bot.ja4", 36);
        scheme = builder.build();
    }

    /** A completion of an exchange that ended {@code endNanos} after nanoTime 0. */
    static final class EndingAt implements Completion {

        long endNanos;
        String rule;

        EndingAt at(long nanos) {
            endNanos = nanos;
            rule = null;
            return this;
        }

        /** The same, decided by rule {@code id} (null: no rule). */
        EndingAt at(long nanos, String id) {
            endNanos = nanos;
            rule = id;
            return this;
        }

        @Override
        public int status() {
            return 200;
        }

        @Override
        public CharSequence ruleId() {
            return rule;
        }

        @Override
        public FirewallAction action() {
            return FirewallAction.NONE;
        }

        @Override
        public CharSequence localReason() {
            return null;
        }

        @Override
        public long durationNanos() {
            return endNanos;
        }
    }
}
