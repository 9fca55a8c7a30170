package dev.bliss.bot.consistency;

import dev.bliss.bot.recent.RecentStrings;

/**
 * The browser family and version a user agent claims, read from its product tokens without
 * allocating. The families are engines as the network sees them: every browser on iOS is WebKit
 * (Chrome for iOS included), Edge, Opera and Samsung Internet are Chromium.
 *
 * <p>Mutable scratch, one per event loop: {@link #read} overwrites it. What a user agent claims
 * takes up to six searches through it; the loop's recent user agents' claims are remembered
 * ({@link RecentStrings}), so a repeated one costs a lookup.
 */
public final class ClaimedBrowser {

    public enum Family { NONE, CHROMIUM, FIREFOX, SAFARI }

    private static final Family[] FAMILIES = Family.values();

    private Family family = Family.NONE;
    private int major;
    private int minor;
    private boolean mobile;
    private final RecentStrings recent = new RecentStrings();
    /** The claims of the recent user agents, by slot: {@link #packed()}. */
    private final long[] recentClaims = new long[recent.size()];

    /** Reads {@code ua} (may be null: no claim). */
    public ClaimedBrowser read(CharSequence ua) {
        if (!(ua instanceof String text)) {
            return parse(ua);
        }
        int slot = recent.find(text);
        if (slot >= 0) {
            unpack(recentClaims[slot]);
            return this;
        }
        slot = -1 - slot;
        parse(text);
        recent.remember(slot, text);
        recentClaims[slot] = packed();
        return this;
    }

    /** Family, mobile flag and both versions (each below 2^20: {@link #version} stops at 100,000) in one long. */
    private long packed() {
        return family.ordinal() | (mobile ? 4L : 0) | (long) major << 3 | (long) minor << 23;
    }

    private void unpack(long p) {
        family = FAMILIES[(int) (p & 3)];
        mobile = (p & 4) != 0;
        major = (int) (p >>> 3 & 0xF_FFFF);
        minor = (int) (p >>> 23 & 0xF_FFFF);
    }

    private ClaimedBrowser parse(CharSequence ua) {
        family = Family.NONE;
        major = 0;
        minor = 0;
        mobile = false;
        if (ua == null || !Text.startsWith(ua, "Mozilla/5.0 (")) {
            return this;
        }
        mobile = Text.indexOf(ua, "Mobile", 0) >= 0;
        boolean ios = Text.indexOf(ua, "iPhone", 0) >= 0 || Text.indexOf(ua, "iPad", 0) >= 0;
        int at;
        if (ios) {
            family = Family.SAFARI;
            at = Text.indexOf(ua, "Version/", 0);
            if (at >= 0) {
                version(ua, at + 8);
            }
        } else if ((at = Text.indexOf(ua, "Firefox/", 0)) >= 0) {
            family = Family.FIREFOX;
            version(ua, at + 8);
        } else if ((at = Text.indexOf(ua, "Chrome/", 0)) >= 0) {
            family = Family.CHROMIUM;
            version(ua, at + 7);
        } else if (Text.indexOf(ua, "Safari/", 0) >= 0 && (at = Text.indexOf(ua, "Version/", 0)) >= 0) {
            family = Family.SAFARI;
            version(ua, at + 8);
        }
        return this;
    }

    private void version(CharSequence ua, int from) {
        int i = from;
        int n = 0;
        while (i < ua.length() && Character.isDigit(ua.charAt(i)) && n < 100_000) {
            n = n * 10 + (ua.charAt(i++) - '0');
        }
        major = n;
        if (i < ua.length() && ua.charAt(i) == '.') {
            int m = 0;
            i++;
            while (i < ua.length() && Character.isDigit(ua.charAt(i)) && m < 100_000) {
                m = m * 10 + (ua.charAt(i++) - '0');
            }
            minor = m;
        }
    }

    public Family family() {
        return family;
    }

    /** The major version, 0 when the user agent gives none (e.g. an iOS in-app browser). */
    public int major() {
        return major;
    }

    public int minor() {
        return minor;
    }

    /** Whether the user agent says "Mobile". */
    public boolean mobile() {
        return mobile;
    }

    /**
     * Whether this browser sends Sec-Fetch-* (Chromium 76, Firefox 90, Safari 16.4 and later;
     * a version the user agent does not give counts as current).
     */
    public boolean sendsFetchMetadata() {
        return switch (family) {
            case CHROMIUM -> major == 0 || major >= 76;
            case FIREFOX -> major == 0 || major >= 90;
            case SAFARI -> major == 0 || major > 16 || major == 16 && minor >= 4;
            case NONE -> false;
        };
    }

    /** Whether this browser sends sec-ch-ua (Chromium 89 and later, by default). */
    public boolean sendsClientHints() {
        return family == Family.CHROMIUM && (major == 0 || major >= 89);
    }
}
