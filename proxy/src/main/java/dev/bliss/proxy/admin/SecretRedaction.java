package dev.bliss.proxy.admin;

import java.util.Locale;
import java.util.Set;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * What {@code GET /config} must not show: values under keys whose names say they are secret,
 * keys a plugin declared secret ({@link dev.bliss.plugin.DetectorProvider#secretKeys()}), and
 * the user information of URLs ({@code https://user:password@host/} shows as
 * {@code https://<redacted>@host/}) wherever they appear.
 *
 * <p>A key name is split into words at {@code _ - .} and lower-to-upper case changes
 * ({@code hmac_key_b64} → hmac, key, b64; {@code apiKeys} → api, keys). It is secret when a
 * word is one of {@link #SECRET_WORDS}, or when it is {@code key}/{@code keys} and either the
 * whole name or qualified by a word of {@link #KEY_QUALIFIERS} ({@code api_keys},
 * {@code private_key_pem}), so that {@code max_keys} and {@code dimension_keys} stay visible.
 * Better to hide a harmless value than to show a secret: when in doubt a word joins the list.
 */
final class SecretRedaction {

    static final String REDACTED = "<redacted>";

    private static final Set<String> SECRET_WORDS = Set.of("secret", "secrets", "password", "passwords", "passwd",
            "passphrase", "token", "tokens", "credential", "credentials", "bearer", "auth", "authorization",
            "apikey", "apikeys", "pem", "hmac", "jaas", "cookie", "signature");
    private static final Set<String> KEY_QUALIFIERS = Set.of("api", "private", "secret", "signing", "access",
            "encryption", "master", "client", "shared", "session", "license", "hmac", "sasl");
    private static final Pattern URL_USERINFO = Pattern.compile("([A-Za-z][A-Za-z0-9+.-]*://)[^/?#@\\s]+@");

    private SecretRedaction() {
    }

    /** Whether the value of a key named {@code name} is to be hidden. */
    static boolean isSecretName(String name) {
        String[] words = words(name);
        for (int i = 0; i < words.length; i++) {
            String w = words[i];
            if (SECRET_WORDS.contains(w)) {
                return true;
            }
            if ((w.equals("key") || w.equals("keys"))
                    && (words.length == 1 || i > 0 && KEY_QUALIFIERS.contains(words[i - 1]))) {
                return true;
            }
        }
        return false;
    }

    /** {@code text} with the user information of every URL in it replaced. */
    static String withoutUserInfo(String text) {
        if (text == null || text.indexOf('@') < 0) {
            return text;
        }
        Matcher m = URL_USERINFO.matcher(text);
        return m.find() ? m.replaceAll("$1" + Matcher.quoteReplacement(REDACTED) + "@") : text;
    }

    private static String[] words(String name) {
        StringBuilder split = new StringBuilder(name.length() + 8);
        for (int i = 0; i < name.length(); i++) {
            char c = name.charAt(i);
            if (c == '_' || c == '-' || c == '.' || c == ' ') {
                split.append(' ');
            } else {
                if (Character.isUpperCase(c) && i > 0 && Character.isLowerCase(name.charAt(i - 1))) {
                    split.append(' ');
                }
                split.append(c);
            }
        }
        return split.toString().toLowerCase(Locale.ROOT).trim().split(" +");
    }
}
