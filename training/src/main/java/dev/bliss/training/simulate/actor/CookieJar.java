package dev.bliss.training.simulate.actor;

import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/** An actor's cookies for the one site: name → value, sent in the order first set. Not thread-safe. */
public final class CookieJar {

    private final Map<String, String> cookies = new LinkedHashMap<>();

    /** Stores the cookies of {@code Set-Cookie} values (attributes ignored: one site, one path). */
    public void store(List<String> setCookies) {
        for (String sc : setCookies) {
            int eq = sc.indexOf('=');
            if (eq <= 0) {
                continue;
            }
            int semi = sc.indexOf(';', eq);
            cookies.put(sc.substring(0, eq).strip(), sc.substring(eq + 1, semi < 0 ? sc.length() : semi).strip());
        }
    }

    /** The Cookie header value, or null when the jar is empty. */
    public String header() {
        if (cookies.isEmpty()) {
            return null;
        }
        StringBuilder sb = new StringBuilder();
        for (Map.Entry<String, String> e : cookies.entrySet()) {
            if (!sb.isEmpty()) {
                sb.append("; ");
            }
            sb.append(e.getKey()).append('=').append(e.getValue());
        }
        return sb.toString();
    }

    /** Forgets every cookie (a client that starts over, e.g. on a new exit address). */
    public void clear() {
        cookies.clear();
    }

    public boolean has(String name) {
        return cookies.containsKey(name);
    }
}
