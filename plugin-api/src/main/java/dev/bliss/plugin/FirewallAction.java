package dev.bliss.plugin;

/**
 * What the firewall did with a request, as the log phase sees it ({@link Completion#action()}).
 * The rules' actions, plus {@link #NONE} when no rule matched.
 */
public enum FirewallAction {
    /** No rule matched (or no rules are configured). */
    NONE("none"),
    /** An {@code allow} rule matched: the request went on and later rules were not evaluated. */
    ALLOW("allow"),
    /** A {@code block} rule answered the request locally. */
    BLOCK("block"),
    /** A {@code challenge} rule answered the request with a challenge. */
    CHALLENGE("challenge"),
    /** Only {@code log} rules matched; the request went on. */
    LOG("log"),
    /** A {@code skip} rule decided; the request went on. */
    SKIP("skip");

    private final String text;

    FirewallAction(String text) {
        this.text = text;
    }

    /** The action's name in rules.yaml, or {@code none}. */
    public String text() {
        return text;
    }
}
