package dev.bliss.bot.session;

import static org.junit.jupiter.api.Assertions.assertEquals;

import dev.bliss.plugin.IpAddress;
import java.util.List;
import org.junit.jupiter.api.Test;

/** To whom and when a session was issued, as a request carrying it reads it. */
class IssuedSessionsTest {

    private static final long T0 = 1_796_000_000_000L;

    private final IssuedSessions issued = new IssuedSessions(1 << 10);
    private final SessionCookies names = new SessionCookies(List.of("sid"));
    private final long session = names.issued("sid=abc123; Path=/");
    private final IpAddress home = IpAddress.of("81.2.69.142");

    private float moved(IpAddress from, long millis) {
        return IssuedSessions.moved(issued.find(names.carried("sid=abc123"), millis), from);
    }

    @Test
    void shouldTellTheIssuingAddressItsNetworkAndAnotherNetwork() {
        issued.issued(session, home, T0);
        assertEquals(IssuedSessions.SAME_ADDRESS, moved(home, T0 + 1_000));
        assertEquals(IssuedSessions.SAME_NETWORK, moved(IpAddress.of("81.2.69.7"), T0 + 1_000), "the same /24");
        assertEquals(IssuedSessions.OTHER_NETWORK, moved(IpAddress.of("81.2.70.142"), T0 + 1_000));
        assertEquals(IssuedSessions.OTHER_NETWORK, moved(IpAddress.of("2a01:598:1:2::7"), T0 + 1_000));
    }

    @Test
    void shouldTellIPv6AddressesOfOneSlash64AsOneNetwork() {
        IpAddress phone = IpAddress.of("2a01:598:a1b2:c3d4:1111:2222:3333:4444");
        issued.issued(session, phone, T0);
        assertEquals(IssuedSessions.SAME_NETWORK, moved(IpAddress.of("2a01:598:a1b2:c3d4:9999:8888:7777:6666"), T0 + 1_000),
                "a privacy address of the same /64");
        assertEquals(IssuedSessions.OTHER_NETWORK, moved(IpAddress.of("2a01:598:a1b2:c3d5:1111:2222:3333:4444"), T0 + 1_000));
    }

    @Test
    void shouldMeasureTheSessionsAgeToATenthOfASecond() {
        issued.issued(session, home, T0);
        assertEquals(1.3f, IssuedSessions.ageSeconds(issued.find(session, T0 + 1_340), T0 + 1_340));
        assertEquals(0f, IssuedSessions.ageSeconds(issued.find(session, T0 + 40), T0 + 40));
        assertEquals(3_600f, IssuedSessions.ageSeconds(issued.find(session, T0 + 3_600_000), T0 + 3_600_000));
        assertEquals(-1f, IssuedSessions.ageSeconds(IssuedSessions.NONE, T0));
    }

    @Test
    void shouldForgetAfterAnHourAndNotKnowSessionsItNeverIssued() {
        issued.issued(session, home, T0);
        assertEquals(IssuedSessions.NONE, issued.find(session, T0 + 3_600_100), "an hour and a tenth later");
        assertEquals(IssuedSessions.NONE, issued.find(session, T0 - 1_000), "issued after the request's time");
        assertEquals(IssuedSessions.NONE, issued.find(names.issued("sid=never"), T0));
        assertEquals(IssuedSessions.NONE, issued.find(SessionCookies.NONE, T0));
        assertEquals(IssuedSessions.UNKNOWN, IssuedSessions.moved(IssuedSessions.NONE, home));
    }

    @Test
    void shouldTakeTheLatestIssuanceOfASession() {
        issued.issued(session, home, T0);
        IpAddress office = IpAddress.of("198.51.100.20");
        issued.issued(session, office, T0 + 60_000);
        assertEquals(IssuedSessions.SAME_ADDRESS, moved(office, T0 + 61_000));
        assertEquals(1f, IssuedSessions.ageSeconds(issued.find(session, T0 + 61_000), T0 + 61_000));
    }

    @Test
    void shouldLoseASessionWhoseSlotAnotherTookAsUnknownNeverAsAnotherAnswer() {
        IssuedSessions one = new IssuedSessions(1);
        long other = names.issued("sid=other");
        one.issued(session, home, T0);
        one.issued(other, IpAddress.of("203.0.113.9"), T0);
        assertEquals(IssuedSessions.NONE, one.find(session, T0 + 1_000), "its slot holds another session's check");
        assertEquals(IssuedSessions.SAME_ADDRESS, IssuedSessions.moved(one.find(other, T0 + 1_000), IpAddress.of("203.0.113.9")));
    }
}
