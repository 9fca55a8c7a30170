package dev.bliss.challenge;

import java.util.Locale;

/**
 * What the interstitial page checks about the browser it runs in, besides the proof of work. The
 * page reports each as a bit; the proxy re-derives what it can ({@link #CONSISTENCY} compares the
 * user agent the script saw with the one the request carried) and records the bits that passed in
 * the clearance.
 *
 * <pre>
 *   webdriver    bit 0  navigator.webdriver is not true (set by WebDriver, CDP automation, --headless)
 *   headless     bit 1  no "Headless" in navigator.userAgent, appVersion or the user-agent client hints
 *   consistency  bit 2  navigator.userAgent equals the User-Agent header; a browser that says Chrome
 *                       has window.chrome
 * </pre>
 *
 * The bits are self-reported: a script that solves the proof of work can also lie about them.
 * They catch unmodified automation (the common case), and the proof of work is what a liar pays.
 */
public enum EnvironmentCheck {
    WEBDRIVER,
    HEADLESS,
    CONSISTENCY;

    /** Every check's bit. */
    public static final int ALL = (1 << values().length) - 1;

    public int bit() {
        return 1 << ordinal();
    }

    /** The name in bliss.yaml's {@code challenge.required_checks}. */
    public String configName() {
        return name().toLowerCase(Locale.ROOT);
    }

    /** The check called {@code name}, or null. */
    public static EnvironmentCheck byConfigName(String name) {
        for (EnvironmentCheck c : values()) {
            if (c.configName().equals(name)) {
                return c;
            }
        }
        return null;
    }

    /** Whether every check in {@code required} is in {@code passed}. */
    public static boolean allPassed(int passed, int required) {
        return (passed & required) == required;
    }
}
