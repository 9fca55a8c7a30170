package dev.bliss.training.simulate.identity;

import java.util.SplittableRandom;

/**
 * Browsers people really use that the common catalogue leaves out, and that a model trained on
 * the common ones may mistake for bots: in-app browsers and webviews (Facebook, Instagram,
 * TikTok on Android and iOS), consoles and TVs, and old versions from before client hints and
 * fetch metadata. The strings follow each product's documented or commonly logged format;
 * versions are drawn from ranges, not copied from any list.
 *
 * <p>Stateless; every draw is a function of the caller's random source.
 */
public final class UnusualBrowsers {

    /** A browser with the TLS stack its engine has. */
    public record Pick(Browser browser, TlsClient tls, String requestedWith) {
    }

    private UnusualBrowsers() {
    }

    /**
     * An in-app browser: Android's WebView (Chromium, with the app's package in X-Requested-With)
     * or an iOS WKWebView; one in seven a WKWebView whose app leaves WebKit's default user agent
     * alone (on iOS or macOS), which names no browser product at all: no Version/, no Safari/.
     */
    public static Pick inApp(SplittableRandom random) {
        if (random.nextInt(7) == 0) {
            String ua = random.nextBoolean()
                    ? "Mozilla/5.0 (iPhone; CPU iPhone OS " + (17 + random.nextInt(2)) + "_" + random.nextInt(7)
                            + " like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Mobile/15E148"
                    : "Mozilla/5.0 (Macintosh; Intel Mac OS X 10_15_7) AppleWebKit/605.1.15 (KHTML, like Gecko)";
            return new Pick(new Browser(BrowserFamily.SAFARI, ua.contains("iPhone") ? "ios" : "macos", "", ua), TlsClient.SAFARI, null);
        }
        int app = random.nextInt(3);
        if (random.nextBoolean()) {
            String chrome = (138 + random.nextInt(10)) + ".0." + (7000 + random.nextInt(400)) + "." + random.nextInt(200);
            String device = new String[] {"SM-S921B", "Pixel 8", "SM-A546B", "M2101K6G", "CPH2451"}[random.nextInt(5)];
            String base = "Mozilla/5.0 (Linux; Android " + (12 + random.nextInt(4)) + "; " + device
                    + "; wv) AppleWebKit/537.36 (KHTML, like Gecko) Version/4.0 Chrome/" + chrome + " Mobile Safari/537.36";
            String suffix = switch (app) {
                case 0 -> " [FB_IAB/FB4A;FBAV/" + (480 + random.nextInt(40)) + ".0.0." + random.nextInt(60) + "." + random.nextInt(200) + ";]";
                case 1 -> " Instagram " + (350 + random.nextInt(40)) + ".0.0." + random.nextInt(60) + "." + random.nextInt(200)
                        + " Android (34/14; 420dpi; 1080x2340; samsung; " + device + "; en_US; " + (600_000_000 + random.nextInt(99_999_999)) + ")";
                default -> " trill_" + (350_000 + random.nextInt(50_000)) + " JsSdk/1.0 NetType/WIFI Channel/googleplay";
            };
            String pkg = switch (app) {
                case 0 -> "com.facebook.katana";
                case 1 -> "com.instagram.android";
                default -> "com.zhiliaoapp.musically";
            };
            return new Pick(new Browser(BrowserFamily.CHROME, "android", chrome, base + suffix), TlsClient.CHROME, pkg);
        }
        String ios = (17 + random.nextInt(2)) + "_" + random.nextInt(7);
        String base = "Mozilla/5.0 (iPhone; CPU iPhone OS " + ios + " like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Mobile/15E148";
        String suffix = switch (app) {
            case 0 -> " [FBAN/FBIOS;FBAV/" + (480 + random.nextInt(40)) + ".0.0." + random.nextInt(60) + "." + random.nextInt(200)
                    + ";FBBV/" + (600_000_000 + random.nextInt(99_999_999)) + ";FBDV/iPhone15,2;FBMD/iPhone;FBSN/iOS;FBSV/"
                    + ios.replace('_', '.') + ";FBSS/3;FBID/phone;FBLC/en_US;FBOP/5]";
            case 1 -> " Instagram " + (350 + random.nextInt(40)) + ".0.0." + random.nextInt(60) + "." + random.nextInt(200)
                    + " (iPhone15,2; iOS " + ios + "; en_US; en; scale=3.00; 1179x2556; " + (600_000_000 + random.nextInt(99_999_999)) + ")";
            default -> " musical_ly_" + (35 + random.nextInt(5)) + ".0.0 JsSdk/2.0 NetType/WIFI Channel/App Store";
        };
        // a WKWebView user agent has no Version/ token: WebKit's current behaviour (fetch metadata) applies
        return new Pick(new Browser(BrowserFamily.SAFARI, "ios", "", base + suffix), TlsClient.SAFARI, null);
    }

    /** A console or TV browser: PlayStation 5 (WebKit), Xbox (Edge), Samsung Tizen and LG webOS TVs (Chromium). */
    public static Pick consoleOrTv(SplittableRandom random) {
        return switch (random.nextInt(4)) {
            case 0 -> new Pick(new Browser(BrowserFamily.SAFARI, "linux", "16.4",
                    "Mozilla/5.0 (PlayStation; PlayStation 5/" + (9 + random.nextInt(3)) + "." + (random.nextInt(6) * 20)
                            + ") AppleWebKit/605.1.15 (KHTML, like Gecko) Version/16.4 Safari/605.1.15"), TlsClient.SAFARI, null);
            case 1 -> {
                String v = (128 + random.nextInt(12)) + ".0.0.0";
                yield new Pick(new Browser(BrowserFamily.EDGE, "windows", v,
                        "Mozilla/5.0 (Windows NT 10.0; Win64; x64; Xbox; Xbox Series X) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/"
                                + v + " Safari/537.36 Edg/" + v), TlsClient.CHROME, null);
            }
            case 2 -> {
                String v = (94 + random.nextInt(28)) + ".0." + (4900 + random.nextInt(1200)) + "." + random.nextInt(200);
                // Tizen writes the Chromium version without the "Chrome/" token
                yield new Pick(new Browser(BrowserFamily.CHROME, "linux", v,
                        "Mozilla/5.0 (SMART-TV; LINUX; Tizen " + (6 + random.nextInt(3)) + ".0) AppleWebKit/537.36 (KHTML, like Gecko) "
                                + v + "/" + (6 + random.nextInt(3)) + ".0 TV Safari/537.36"), TlsClient.OLD_CHROME, null);
            }
            default -> {
                String v = (79 + random.nextInt(42)) + ".0." + (3900 + random.nextInt(1500)) + "." + random.nextInt(200);
                yield new Pick(new Browser(BrowserFamily.CHROME, "linux", v,
                        "Mozilla/5.0 (Web0S; Linux/SmartTV) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/" + v
                                + " Safari/537.36 WebAppManager"), TlsClient.OLD_CHROME, null);
            }
        };
    }

    /** An old browser, from before client hints (Chromium 89) or fetch metadata (Chrome 76, Firefox 90, Safari 16.4). */
    public static Pick old(SplittableRandom random) {
        return switch (random.nextInt(3)) {
            case 0 -> {
                String v = (70 + random.nextInt(19)) + ".0." + (3500 + random.nextInt(900)) + "." + random.nextInt(200);
                yield new Pick(new Browser(BrowserFamily.CHROME, "windows", v,
                        "Mozilla/5.0 (Windows NT " + (random.nextBoolean() ? "6.1" : "10.0") + "; Win64; x64) AppleWebKit/537.36 "
                                + "(KHTML, like Gecko) Chrome/" + v + " Safari/537.36"), TlsClient.OLD_CHROME, null);
            }
            case 1 -> {
                String v = (68 + random.nextInt(22)) + ".0";
                yield new Pick(new Browser(BrowserFamily.FIREFOX, "windows", v,
                        "Mozilla/5.0 (Windows NT 10.0; Win64; x64; rv:" + v + ") Gecko/20100101 Firefox/" + v),
                        TlsClient.OLD_FIREFOX, null);
            }
            default -> {
                String v = (12 + random.nextInt(4)) + "." + random.nextInt(2);
                yield new Pick(new Browser(BrowserFamily.SAFARI, "macos", v,
                        "Mozilla/5.0 (Macintosh; Intel Mac OS X 10_15_7) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/" + v
                                + " Safari/605.1.15"), TlsClient.OLD_SAFARI, null);
            }
        };
    }
}
