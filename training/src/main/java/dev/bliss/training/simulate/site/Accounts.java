package dev.bliss.training.simulate.site;

/**
 * The lab site's user accounts: {@code member<k>@example.net} for k in 1..{@value #COUNT}, each
 * with its own password. The simulated people log in with theirs; credential stuffers mostly try
 * pairs that are not accounts, and now and then one that is (a leaked password reused).
 */
public final class Accounts {

    public static final int COUNT = 5000;

    private Accounts() {
    }

    public static String username(int k) {
        return "member" + k + "@example.net";
    }

    public static String password(int k) {
        int h = k * 0x9E3779B1 ^ 0x5bd1e995;
        h ^= h >>> 13;
        return "Lab-" + Integer.toHexString(h) + "!";
    }

    /** Whether the pair is a valid login. */
    public static boolean valid(String username, String password) {
        if (username == null || password == null || !username.startsWith("member") || !username.endsWith("@example.net")) {
            return false;
        }
        String digits = username.substring("member".length(), username.length() - "@example.net".length());
        if (digits.isEmpty() || digits.length() > 5 || !digits.chars().allMatch(Character::isDigit)) {
            return false;
        }
        int k = Integer.parseInt(digits);
        return k >= 1 && k <= COUNT && password(k).equals(password);
    }
}
