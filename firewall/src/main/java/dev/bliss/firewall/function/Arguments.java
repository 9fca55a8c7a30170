package dev.bliss.firewall.function;

import dev.bliss.firewall.ast.Expr;
import dev.bliss.firewall.ast.LiteralArg;
import dev.bliss.firewall.lex.LexException;
import dev.bliss.firewall.lex.Span;
import dev.bliss.firewall.types.Type;
import java.util.List;

/** Argument checks shared by the functions, with wirefilter's messages. Arguments count from 0. */
final class Arguments {

    private Arguments() {
    }

    static void count(List<Expr> args, int min, int max, Span call) {
        if (args.size() < min || max >= 0 && args.size() > max) {
            throw new LexException("invalid number of arguments", call.start(), call.end());
        }
        for (int i = 1; i < args.size(); i++) {
            if (args.get(i).mapped()) {
                Span s = args.get(i).span();
                throw new LexException("invalid use of map each access operator", s.start(), s.end());
            }
        }
    }

    /** The argument must come from a field or another call, not be a literal. */
    static void field(List<Expr> args, int i) {
        if (args.get(i) instanceof LiteralArg) {
            throw at(args, i, "invalid kind of argument #" + i + ": expected argument of kind Field, but got Literal");
        }
    }

    static void literal(List<Expr> args, int i) {
        if (!(args.get(i) instanceof LiteralArg)) {
            throw at(args, i, "invalid kind of argument #" + i + ": expected argument of kind Literal, but got Field");
        }
    }

    static void type(List<Expr> args, int i, Type expected) {
        Type actual = args.get(i).type();
        if (!actual.equals(expected)) {
            throw at(args, i, "invalid type of argument #" + i + ": expected value of type " + expected + ", but got " + actual);
        }
    }

    static LexException at(List<Expr> args, int i, String message) {
        Span s = args.get(i).span();
        return new LexException(message, s.start(), s.end());
    }
}
