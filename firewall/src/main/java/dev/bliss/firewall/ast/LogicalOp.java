package dev.bliss.firewall.ast;

/** Binary logical operators, in ascending order of precedence: {@code or < xor < and}. */
public enum LogicalOp {
    OR("or", "||"),
    XOR("xor", "^^"),
    AND("and", "&&");

    private final String word;
    private final String symbol;

    LogicalOp(String word, String symbol) {
        this.word = word;
        this.symbol = symbol;
    }

    public String word() {
        return word;
    }

    public String symbol() {
        return symbol;
    }

    /** Higher binds tighter. */
    public int precedence() {
        return ordinal() + 1;
    }
}
