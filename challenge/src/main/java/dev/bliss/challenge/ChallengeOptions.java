package dev.bliss.challenge;

import dev.bliss.plugin.config.ConfigException;
import dev.bliss.plugin.config.ConfigSection;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;

/**
 * The {@code challenge} section of bliss.yaml: how the browser challenge that {@code challenge}
 * rules answer with behaves.
 *
 * <pre>
 * challenge:
 *   cookie_name: bliss_clearance        # DEFAULT_COOKIE_NAME
 *   ttl: 30m                            # how long a clearance lets its client through (1m to 30d)
 *   difficulty: 14                      # leading zero bits of the proof of work (0 to 32); a rule's
 *                                       #   own "difficulty" overrides it
 *   solve_within: 5m                    # how long after the page was sent its nonce may be solved
 *   key_file: challenge.key             # written by `bliss challenge keygen`; absent: a key made at
 *                                       #   start (clearances do not survive restart or span nodes)
 *   path_prefix: /.bliss/challenge/     # reserved: answered by the proxy, never routed to an origin
 *   required_checks: [webdriver, headless, consistency]   # EnvironmentCheck names; [] = proof of work only
 * </pre>
 *
 * @param keyFile        the key file, or null for an ephemeral key
 * @param requiredChecks {@link EnvironmentCheck} bits a solution must pass to earn a clearance
 */
public record ChallengeOptions(String cookieName, Duration ttl, int difficulty, Duration solveWithin, Path keyFile,
                               String pathPrefix, int requiredChecks) {

    public static final String DEFAULT_COOKIE_NAME = "bliss_clearance";
    public static final Duration DEFAULT_TTL = Duration.ofMinutes(30);
    /**
     * About 16,000 SHA-256 tries on average: headless Chromium through WebCrypto took 50 µs a try on
     * the loaded 2-core test machine (under a second), see the README. The work makes running a
     * browser engine the price of a clearance; a native solver does it in milliseconds at any
     * difficulty a person would wait for.
     */
    public static final int DEFAULT_DIFFICULTY = 14;
    public static final Duration DEFAULT_SOLVE_WITHIN = Duration.ofMinutes(5);
    public static final String DEFAULT_PATH_PREFIX = "/.bliss/challenge/";

    public static final ChallengeOptions DEFAULTS = new ChallengeOptions(DEFAULT_COOKIE_NAME, DEFAULT_TTL, DEFAULT_DIFFICULTY,
            DEFAULT_SOLVE_WITHIN, null, DEFAULT_PATH_PREFIX, EnvironmentCheck.ALL);

    public ChallengeOptions {
        if (!isToken(cookieName)) {
            throw new IllegalArgumentException("not a cookie name: " + cookieName);
        }
        if (!pathPrefix.startsWith("/") || !pathPrefix.endsWith("/") || pathPrefix.length() < 2) {
            throw new IllegalArgumentException("path_prefix must start and end with / and not be /: " + pathPrefix);
        }
    }

    /** Reads the section; relative paths resolve against {@code base}. */
    public static ChallengeOptions read(ConfigSection s, Path base) throws ConfigException {
        String cookie = s.string("cookie_name", DEFAULT_COOKIE_NAME);
        if (!isToken(cookie)) {
            throw s.error("cookie_name", "not a cookie name: \"" + cookie + "\" (letters, digits and !#$%&'*+-.^_`|~)");
        }
        Duration ttl = s.duration("ttl", DEFAULT_TTL);
        if (ttl.compareTo(Duration.ofMinutes(1)) < 0 || ttl.compareTo(Duration.ofDays(30)) > 0) {
            throw s.error("ttl", "must be between 1m and 30d, got " + ttl);
        }
        int difficulty = s.integer("difficulty", DEFAULT_DIFFICULTY, 0, ProofOfWork.MAX_DIFFICULTY);
        Duration solveWithin = s.duration("solve_within", DEFAULT_SOLVE_WITHIN);
        if (solveWithin.compareTo(Duration.ofSeconds(10)) < 0 || solveWithin.compareTo(Duration.ofHours(1)) > 0) {
            throw s.error("solve_within", "must be between 10s and 1h, got " + solveWithin);
        }
        String keyFile = s.string("key_file", null);
        if (keyFile != null && !java.nio.file.Files.isRegularFile(base.resolve(keyFile))) {
            throw s.error("key_file", "not found: " + base.resolve(keyFile) + " (write one with `bliss challenge keygen --key-file "
                    + base.resolve(keyFile) + "`)");
        }
        String prefix = s.string("path_prefix", DEFAULT_PATH_PREFIX);
        if (!prefix.startsWith("/") || !prefix.endsWith("/") || prefix.length() < 2 || prefix.indexOf('?') >= 0) {
            throw s.error("path_prefix", "must start and end with / and not be / alone, got \"" + prefix + '"');
        }
        int required = EnvironmentCheck.ALL;
        if (s.has("required_checks")) {
            required = 0;
            List<String> names = s.strings("required_checks");
            for (String name : names) {
                EnvironmentCheck c = EnvironmentCheck.byConfigName(name);
                if (c == null) {
                    throw s.error("required_checks", "unknown check \"" + name + "\" (known: webdriver, headless, consistency)");
                }
                required |= c.bit();
            }
        }
        s.requireNoUnknownKeys();
        return new ChallengeOptions(cookie, ttl, difficulty, solveWithin, keyFile == null ? null : base.resolve(keyFile), prefix, required);
    }

    public ChallengeOptions withRequiredChecks(int checks) {
        return new ChallengeOptions(cookieName, ttl, difficulty, solveWithin, keyFile, pathPrefix, checks);
    }

    public ChallengeOptions withDifficulty(int d) {
        return new ChallengeOptions(cookieName, ttl, d, solveWithin, keyFile, pathPrefix, requiredChecks);
    }

    public ChallengeOptions withKeyFile(Path file) {
        return new ChallengeOptions(cookieName, ttl, difficulty, solveWithin, file, pathPrefix, requiredChecks);
    }

    /** The keys: read from {@link #keyFile}, or made now when there is none (see {@link KeyRing#generated}). */
    public KeyRing loadKeys() throws ConfigException {
        return keyFile == null ? KeyRing.generated() : KeyFile.read(keyFile);
    }

    /** RFC 6265 cookie-name = token (RFC 9110 tchar). */
    private static boolean isToken(String s) {
        if (s == null || s.isEmpty()) {
            return false;
        }
        for (int i = 0; i < s.length(); i++) {
            char c = s.charAt(i);
            boolean ok = c >= 'a' && c <= 'z' || c >= 'A' && c <= 'Z' || c >= '0' && c <= '9' || "!#$%&'*+-.^_`|~".indexOf(c) >= 0;
            if (!ok) {
                return false;
            }
        }
        return true;
    }
}
