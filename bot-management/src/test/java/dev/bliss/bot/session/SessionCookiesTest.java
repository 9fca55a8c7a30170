package dev.bliss.bot.session;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.bliss.config.yaml.YamlConfigReader;
import dev.bliss.plugin.config.ConfigException;
import dev.bliss.plugin.config.ConfigSection;
import java.util.List;
import org.junit.jupiter.api.Test;

/** The session a Cookie header carries and a Set-Cookie value issues: the same value, one hash. */
class SessionCookiesTest {

    private final SessionCookies sessions = new SessionCookies(List.of("sid", "PHPSESSID"));

    @Test
    void shouldFindTheSameSessionInTheSetCookieAndInTheCookieThatCarriesItBack() {
        long issued = sessions.issued("sid=9f86d081884c7d65; Path=/; HttpOnly; SameSite=Lax");
        assertNotEquals(SessionCookies.NONE, issued);
        assertEquals(issued, sessions.carried("sid=9f86d081884c7d65"));
        assertEquals(issued, sessions.carried("theme=dark; sid=9f86d081884c7d65; __bliss_clearance=abc"), "among other cookies");
        assertEquals(issued, sessions.carried("theme=dark;sid=9f86d081884c7d65 "), "without the space, with a trailing one");
        assertNotEquals(issued, sessions.carried("sid=9f86d081884c7d66"));
    }

    @Test
    void shouldTakeTheFirstSessionNameACookieHeaderCarries() {
        assertEquals(sessions.issued("PHPSESSID=a1"), sessions.carried("lang=en; PHPSESSID=a1; sid=b2"));
    }

    @Test
    void shouldIgnoreOtherNamesEmptyValuesAndCaseVariants() {
        assertEquals(SessionCookies.NONE, sessions.carried("theme=dark; lang=en"));
        assertEquals(SessionCookies.NONE, sessions.carried("SID=abc"), "cookie names are case-sensitive");
        assertEquals(SessionCookies.NONE, sessions.carried("xsid=abc; sidx=abc"));
        assertEquals(SessionCookies.NONE, sessions.carried("sid"));
        assertEquals(SessionCookies.NONE, sessions.carried(""));
        assertEquals(SessionCookies.NONE, sessions.carried(null));
        assertEquals(SessionCookies.NONE, sessions.issued("sid=; Max-Age=0; Path=/"), "a cleared session issues none");
        assertEquals(SessionCookies.NONE, sessions.issued("theme=dark; Path=/"));
    }

    @Test
    void shouldReadTheNamesFromTheConfigOrTakeTheFrameworksDefaults() throws ConfigException {
        assertTrue(SessionCookies.read(config("{}")).names().containsAll(List.of("sid", "JSESSIONID", "PHPSESSID")));
        assertEquals(List.of("app_session"), SessionCookies.read(config("session_cookies: [app_session]")).names());
        ConfigException bad = assertThrows(ConfigException.class, () -> SessionCookies.read(config("session_cookies: [\"my session\"]")));
        assertTrue(bad.getMessage().contains("session_cookies") && bad.getMessage().contains("not a cookie name"), bad.getMessage());
    }

    private static ConfigSection config(String yaml) throws ConfigException {
        return ConfigSection.root(YamlConfigReader.parse("bliss.yaml", yaml));
    }
}
