package dev.bliss.firewall.ast;

/** Comparison operators, with their English and symbolic spellings. */
public enum ComparisonOp {
    EQ("eq", "=="),
    NE("ne", "!="),
    GE("ge", ">="),
    LE("le", "<="),
    GT("gt", ">"),
    LT("lt", "<"),
    BITWISE_AND("bitwise_and", "&"),
    CONTAINS("contains", null),
    MATCHES("matches", "~"),
    STRICT_WILDCARD("strict wildcard", null),
    WILDCARD("wildcard", null),
    IN("in", null);

    private final String word;
    private final String symbol;

    ComparisonOp(String word, String symbol) {
        this.word = word;
        this.symbol = symbol;
    }

    /** The English spelling, which the printer writes. */
    public String word() {
        return word;
    }

    /** The symbolic spelling, or null. */
    public String symbol() {
        return symbol;
    }

    public boolean isOrdering() {
        return ordinal() <= LT.ordinal();
    }
}
