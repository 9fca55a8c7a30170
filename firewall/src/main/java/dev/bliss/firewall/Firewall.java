package dev.bliss.firewall;

import dev.bliss.firewall.check.FieldCatalog;
import dev.bliss.firewall.eval.RequestField;
import dev.bliss.firewall.regex.PairScanWarmUp;
import dev.bliss.plugin.field.FieldRegistry;
import java.time.Duration;
import java.util.Arrays;
import java.util.List;
import java.util.Map;

/**
 * The firewall's place in the pipeline's field scheme: the fields it writes for later phases
 * (the access log, the event log) and the names it reads by itself.
 *
 * <pre>
 *   firewall.action    Bytes  block | challenge | allow for the deciding rule; log when only log rules matched
 *   firewall.rule_id   Bytes  that rule's id
 * </pre>
 *
 * Both are unset when no rule matched. Declare them once at startup, as the owner
 * {@code firewall}; a rule set compiled against a scheme with these fields writes them.
 */
public final class Firewall {

    public static final String ACTION_FIELD = "firewall.action";
    public static final String RULE_ID_FIELD = "firewall.rule_id";
    public static final int ACTION_MAX_LENGTH = 16;
    /** Rule ids are at most 64 characters (see {@link RulesFile}). */
    public static final int RULE_ID_MAX_LENGTH = 64;

    private Firewall() {
    }

    /** Declares {@link #ACTION_FIELD} and {@link #RULE_ID_FIELD}. Startup only. */
    public static void declareFields(FieldRegistry registry) {
        registry.produceBytes(ACTION_FIELD, ACTION_MAX_LENGTH);
        registry.produceBytes(RULE_ID_FIELD, RULE_ID_MAX_LENGTH);
    }

    /**
     * Has the firewall's Vector API code compiled before traffic needs it, so that the first
     * requests do not allocate (see {@link PairScanWarmUp}). Blocking and bounded by the budget;
     * once per process is enough, on any thread but an event loop.
     *
     * @return whether the compiled code was seen in use before the budget ran out
     */
    public static boolean warmUp(Duration budget) {
        return PairScanWarmUp.run(budget.toNanos());
    }

    /** The request fields rules may use without any detector, e.g. {@code http.user_agent}. */
    public static List<String> requestFields() {
        return Arrays.stream(RequestField.values()).map(RequestField::fieldName).toList();
    }

    /** Cloudflare field names accepted as aliases, and the bliss fields they stand for. */
    public static Map<String, String> cloudflareAliases() {
        return FieldCatalog.CLOUDFLARE_ALIASES;
    }
}
