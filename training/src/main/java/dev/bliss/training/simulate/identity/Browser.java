package dev.bliss.training.simulate.identity;

/**
 * One browser installation: family, platform, major version and the user agent it sends.
 *
 * @param platform windows, macos, linux, android or ios
 * @param version  the version as written in the user agent ("146", "18.5")
 */
public record Browser(BrowserFamily family, String platform, String version, String userAgent) {

    public boolean mobile() {
        return platform.equals("android") || platform.equals("ios");
    }

    /** The major version: the text before the first dot. */
    public String major() {
        int dot = version.indexOf('.');
        return dot < 0 ? version : version.substring(0, dot);
    }

    /** The value of {@code sec-ch-ua-platform} (quoted, as Chromium sends it). */
    public String clientHintPlatform() {
        return switch (platform) {
            case "windows" -> "\"Windows\"";
            case "macos" -> "\"macOS\"";
            case "android" -> "\"Android\"";
            case "ios" -> "\"iOS\"";
            default -> "\"Linux\"";
        };
    }
}
