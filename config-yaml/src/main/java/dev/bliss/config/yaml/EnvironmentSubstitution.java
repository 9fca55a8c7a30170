package dev.bliss.config.yaml;

import dev.bliss.plugin.config.ConfigException;
import dev.bliss.plugin.config.Position;
import java.util.function.UnaryOperator;

/**
 * Replaces environment references in a configuration value, as a shell does:
 *
 * <pre>
 *   ${NAME}            the variable's value; an error when it is not set
 *   ${NAME:-default}   the value, or default when the variable is unset or empty
 *   $${NAME}           a literal ${NAME}
 * </pre>
 *
 * NAME is a letter or underscore followed by letters, digits and underscores. The default is
 * taken as written (it is not itself expanded). Values are substituted once, after parsing, so a
 * variable's value is never read as YAML. Stateless; the environment is a function so tests can
 * supply their own; a null environment substitutes nothing (files whose values are templates of
 * their own, such as block bodies in a rules file).
 */
final class EnvironmentSubstitution {

    private final UnaryOperator<String> environment;

    EnvironmentSubstitution(UnaryOperator<String> environment) {
        this.environment = environment;
    }

    /**
     * {@code text} with every reference replaced; {@code text} itself when it has none.
     *
     * @param at  where the value was written, for errors
     * @param key the dotted key the value belongs to, for errors
     */
    String apply(String text, Position at, String key) throws ConfigException {
        int dollar = environment == null ? -1 : text.indexOf('$');
        if (dollar < 0) {
            return text;
        }
        StringBuilder out = new StringBuilder(text.length() + 16);
        out.append(text, 0, dollar);
        int i = dollar;
        while (i < text.length()) {
            char c = text.charAt(i);
            if (c != '$') {
                out.append(c);
                i++;
            } else if (text.startsWith("$${", i)) {
                out.append('$');
                i += 2;
                int close = text.indexOf('}', i);
                int end = close < 0 ? text.length() : close + 1;
                out.append(text, i, end);
                i = end;
            } else if (text.startsWith("${", i)) {
                int close = text.indexOf('}', i + 2);
                if (close < 0) {
                    throw new ConfigException(at, key, "unterminated ${ in \"" + text + "\" (write $${ for a literal ${)");
                }
                out.append(resolve(text.substring(i + 2, close), at, key));
                i = close + 1;
            } else {
                out.append(c);
                i++;
            }
        }
        return out.toString();
    }

    private String resolve(String reference, Position at, String key) throws ConfigException {
        int split = reference.indexOf(":-");
        String name = split < 0 ? reference : reference.substring(0, split);
        if (!isName(name)) {
            throw new ConfigException(at, key, "\"${" + reference + "}\" is not an environment reference: write ${NAME} or ${NAME:-default}"
                    + " (NAME of letters, digits and _), or $${ for a literal ${");
        }
        String value = environment.apply(name);
        if (split >= 0) {
            return value == null || value.isEmpty() ? reference.substring(split + 2) : value;
        }
        if (value == null) {
            throw new ConfigException(at, key, "environment variable " + name + " is not set (set it, or write ${" + name + ":-default})");
        }
        return value;
    }

    private static boolean isName(String name) {
        if (name.isEmpty() || Character.isDigit(name.charAt(0))) {
            return false;
        }
        for (int i = 0; i < name.length(); i++) {
            char c = name.charAt(i);
            if (!(c >= 'A' && c <= 'Z' || c >= 'a' && c <= 'z' || c >= '0' && c <= '9' || c == '_')) {
                return false;
            }
        }
        return true;
    }
}
