package dev.bliss.firewall.ast;

import dev.bliss.firewall.lex.Span;
import dev.bliss.firewall.types.Type;

/** {@code any(…)} or {@code all(…)} over an {@code Array<Bool>}. */
public record Quantifier(Kind kind, Expr argument, Span span) implements Expr {

    public enum Kind {
        ANY("any"), ALL("all");

        private final String word;

        Kind(String word) {
            this.word = word;
        }

        public String word() {
            return word;
        }
    }

    @Override
    public Type type() {
        return Type.BOOL;
    }
}
