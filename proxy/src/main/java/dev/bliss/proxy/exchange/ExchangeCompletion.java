package dev.bliss.proxy.exchange;

import dev.bliss.plugin.ChallengeOutcome;
import dev.bliss.plugin.Completion;
import dev.bliss.plugin.FirewallAction;
import io.netty.handler.codec.http.HttpHeaderNames;
import io.netty.handler.codec.http.HttpHeaders;
import java.util.Arrays;
import java.util.List;
import java.util.Objects;

/**
 * The {@link Completion} handed to detectors in the log phase: one per pooled
 * {@link Exchange}, filled when the exchange ends, so the log phase allocates nothing.
 *
 * <p>Event-loop only.
 */
final class ExchangeCompletion implements Completion {

    static final int MAX_SET_COOKIES = 8;

    int status;
    String ruleId;
    FirewallAction action = FirewallAction.NONE;
    String localReason;
    long durationNanos;
    ChallengeOutcome challenge = ChallengeOutcome.NONE;
    /**
     * The origin's Set-Cookie values, referenced, not copied (the header values are Strings that
     * outlive the released response). A response sets a handful; past the array, the rest are
     * not offered: the first ones are the site's own, ahead of any a middleware adds.
     */
    private final CharSequence[] setCookies = new CharSequence[MAX_SET_COOKIES];
    private int setCookieCount;

    /**
     * Keeps the origin's Set-Cookie values of the response head now sent to the client. Only a
     * response that sets a cookie allocates (the list of its values, in the origin's order, which
     * Netty's value iterator does not promise): a session's first response, not its next hundred.
     */
    void originSetCookies(HttpHeaders headers) {
        setCookieCount = 0;
        if (!headers.contains(HttpHeaderNames.SET_COOKIE)) {
            return;
        }
        List<String> values = headers.getAll(HttpHeaderNames.SET_COOKIE);
        for (int i = 0, n = Math.min(values.size(), setCookies.length); i < n; i++) {
            setCookies[setCookieCount++] = values.get(i);
        }
    }

    /** Forgets the last exchange's Set-Cookie values (the exchange is pooled). */
    void clear() {
        Arrays.fill(setCookies, 0, setCookieCount, null);
        setCookieCount = 0;
    }

    @Override
    public int status() {
        return status;
    }

    @Override
    public CharSequence ruleId() {
        return ruleId;
    }

    @Override
    public FirewallAction action() {
        return action;
    }

    @Override
    public CharSequence localReason() {
        return localReason;
    }

    @Override
    public long durationNanos() {
        return durationNanos;
    }

    @Override
    public ChallengeOutcome challenge() {
        return challenge;
    }

    @Override
    public int setCookieCount() {
        return setCookieCount;
    }

    @Override
    public CharSequence setCookie(int index) {
        Objects.checkIndex(index, setCookieCount);
        return setCookies[index];
    }
}
