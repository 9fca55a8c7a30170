package dev.bliss.bot.session;

import dev.bliss.plugin.config.ConfigException;
import dev.bliss.plugin.config.ConfigSection;
import dev.bliss.store.schema.DimensionKeys;
import java.util.List;

/**
 * The names under which a site keeps its session, and the session a request carries or a response
 * sets: a hash of the first such cookie's value ({@code sid=abc; theme=dark} carries the session
 * {@code abc} when {@code sid} is a session name). Other cookies (a consent flag, a language, the
 * proxy's own challenge clearance) are the same for many visitors and say nothing of one.
 *
 * <pre>
 *   session_cookies: [sid, session, ...]    (the plugin's config; absent: {@link #DEFAULT_NAMES})
 * </pre>
 *
 * <p>Immutable, shared by every event loop; allocation-free. Cookie names are case-sensitive
 * (RFC 6265 5.3 compares them exactly).
 */
public final class SessionCookies {

    /** The session cookies of the common web frameworks, and the lab site's {@code sid}. */
    public static final List<String> DEFAULT_NAMES = List.of("sid", "session", "sessionid", "session_id",
            "_session_id", "PHPSESSID", "JSESSIONID", "ASP.NET_SessionId", "connect.sid", "laravel_session");

    /** No session: no cookie of a session name, or one with an empty value. */
    public static final long NONE = 0;

    private final String[] names;

    public SessionCookies(List<String> names) {
        this.names = names.toArray(String[]::new);
    }

    /** Reads {@code session_cookies} of the plugin's config. */
    public static SessionCookies read(ConfigSection config) throws ConfigException {
        if (!config.has("session_cookies")) {
            return new SessionCookies(DEFAULT_NAMES);
        }
        List<String> names = config.strings("session_cookies");
        for (String name : names) {
            if (!isToken(name)) {
                throw config.error("session_cookies", "not a cookie name: \"" + name + '"');
            }
        }
        return new SessionCookies(names);
    }

    public List<String> names() {
        return List.of(names);
    }

    /**
     * The session of a request's {@code Cookie} header ({@code a=1; b=2}): its first pair under a
     * session name, or {@link #NONE}.
     */
    public long carried(CharSequence cookie) {
        if (cookie == null) {
            return NONE;
        }
        int end = cookie.length();
        for (int at = 0; at < end; ) {
            int pairEnd = indexOf(cookie, ';', at, end);
            long session = session(cookie, at, pairEnd);
            if (session != NONE) {
                return session;
            }
            at = pairEnd + 1;
        }
        return NONE;
    }

    /**
     * The session a {@code Set-Cookie} value ({@code sid=abc; Path=/; HttpOnly}) gives, or
     * {@link #NONE} when it is not of a session name or clears one (an empty value).
     */
    public long issued(CharSequence setCookie) {
        return setCookie == null ? NONE : session(setCookie, 0, indexOf(setCookie, ';', 0, setCookie.length()));
    }

    /** The session of one {@code name=value} pair in {@code text[from, to)}, spaces around it ignored. */
    private long session(CharSequence text, int from, int to) {
        from = skipSpaces(text, from, to);
        int eq = indexOf(text, '=', from, to);
        if (eq == to) {
            return NONE;
        }
        int valueFrom = skipSpaces(text, eq + 1, to);
        int valueTo = trimEnd(text, valueFrom, to);
        if (valueTo == valueFrom || !isSessionName(text, from, trimEnd(text, from, eq))) {
            return NONE;
        }
        long hash = DimensionKeys.chars(text, valueFrom, valueTo, false);
        return hash == NONE ? 1 : hash;
    }

    private boolean isSessionName(CharSequence text, int from, int to) {
        for (String name : names) {
            if (name.length() == to - from && regionMatches(text, from, name)) {
                return true;
            }
        }
        return false;
    }

    private static boolean regionMatches(CharSequence text, int from, String name) {
        for (int i = 0; i < name.length(); i++) {
            if (text.charAt(from + i) != name.charAt(i)) {
                return false;
            }
        }
        return true;
    }

    private static int indexOf(CharSequence text, char c, int from, int to) {
        for (int i = from; i < to; i++) {
            if (text.charAt(i) == c) {
                return i;
            }
        }
        return to;
    }

    private static int skipSpaces(CharSequence text, int from, int to) {
        while (from < to && text.charAt(from) == ' ') {
            from++;
        }
        return from;
    }

    private static int trimEnd(CharSequence text, int from, int to) {
        while (to > from && text.charAt(to - 1) == ' ') {
            to--;
        }
        return to;
    }

    /** An RFC 9110 token: what a cookie name is (RFC 6265 4.1.1). */
    private static boolean isToken(String name) {
        if (name.isEmpty()) {
            return false;
        }
        for (int i = 0; i < name.length(); i++) {
            char c = name.charAt(i);
            if (c <= ' ' || c >= 0x7F || "()<>@,;:\\\"/[]?={}".indexOf(c) >= 0) {
                return false;
            }
        }
        return true;
    }
}
