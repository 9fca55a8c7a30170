package dev.bliss.firewall.action;

/**
 * What a rule does when its expression matches. Rules run in file order; the first terminating
 * action ends evaluation.
 *
 * <pre>
 *   block      terminating   answer locally (403 by default; status, body, content type configurable)
 *   challenge  terminating   answer with the challenge (see {@link Challenge}); the request is marked challenged
 *   allow      terminating   stop evaluating and forward
 *   log        continues     record the match (access log, counters)
 *   skip       continues     skip the listed later rules, or all remaining rules
 * </pre>
 */
public enum Action {
    BLOCK("block"),
    CHALLENGE("challenge"),
    LOG("log"),
    SKIP("skip"),
    ALLOW("allow");

    private final String configName;

    Action(String configName) {
        this.configName = configName;
    }

    /** The name in rules.yaml and in the {@code firewall.action} field. */
    public String configName() {
        return configName;
    }

    public boolean terminating() {
        return this == BLOCK || this == CHALLENGE || this == ALLOW;
    }

    /** The action called {@code name} in rules.yaml, or null. */
    public static Action byConfigName(String name) {
        for (Action a : values()) {
            if (a.configName.equals(name)) {
                return a;
            }
        }
        return null;
    }
}
