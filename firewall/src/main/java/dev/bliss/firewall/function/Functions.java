package dev.bliss.firewall.function;

import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/** The built-in functions by name. {@code any} and {@code all} are quantifiers, parsed apart. */
public final class Functions {

    private static final Map<String, FunctionDefinition> BY_NAME = new LinkedHashMap<>();

    static {
        for (FunctionDefinition f : List.of(new Lower(), new Upper(), new Len(), new StartsWith(), new EndsWith(),
                new Concat(), new UrlDecode(), new ToString())) {
            BY_NAME.put(f.name(), f);
        }
    }

    private Functions() {
    }

    /** The function called {@code name}, or null. */
    public static FunctionDefinition lookup(String name) {
        return BY_NAME.get(name);
    }

    public static List<String> names() {
        return List.copyOf(BY_NAME.keySet());
    }
}
