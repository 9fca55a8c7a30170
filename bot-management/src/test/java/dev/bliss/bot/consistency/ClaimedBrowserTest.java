package dev.bliss.bot.consistency;

import static org.junit.jupiter.api.Assertions.assertEquals;

import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

/**
 * What a user agent claims, read from a String (the request path's header values, searched with
 * String's own intrinsics) and from another CharSequence (the charAt loops) alike.
 */
class ClaimedBrowserTest {

    @ParameterizedTest
    @CsvSource(delimiter = '|', value = {
            "Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36|CHROMIUM|131|0|false",
            "Mozilla/5.0 (Linux; Android 14) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/120.1.2 Mobile Safari/537.36|CHROMIUM|120|1|true",
            "Mozilla/5.0 (X11; Linux x86_64; rv:133.0) Gecko/20100101 Firefox/133.0|FIREFOX|133|0|false",
            "Mozilla/5.0 (Macintosh; Intel Mac OS X 10_15_7) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.4 Safari/605.1.15|SAFARI|17|4|false",
            "Mozilla/5.0 (iPhone; CPU iPhone OS 17_5 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) CriOS/126.0 Mobile/15E148 Safari/604.1|SAFARI|0|0|true",
            "Mozilla/5.0 (compatible; Googlebot/2.1; +http://www.google.com/bot.html)|NONE|0|0|false",
            "curl/8.5.0|NONE|0|0|false",
            "Mozilla/5.0 (|NONE|0|0|false",
    })
    void readsTheSameClaimFromAStringAndFromAnyCharSequence(String ua, ClaimedBrowser.Family family, int major, int minor,
                                                            boolean mobile) {
        for (CharSequence text : new CharSequence[] {ua, new StringBuilder(ua)}) {
            ClaimedBrowser claim = new ClaimedBrowser().read(text);
            String what = text.getClass().getSimpleName() + " " + ua;
            assertEquals(family, claim.family(), what);
            assertEquals(major, claim.major(), what);
            assertEquals(minor, claim.minor(), what);
            assertEquals(mobile, claim.mobile(), what);
        }
    }
}
