package dev.bliss.firewall.action;

import dev.bliss.firewall.Decision;
import dev.bliss.firewall.Rule;
import dev.bliss.plugin.RequestView;
import dev.bliss.plugin.field.Fields;

/**
 * The placeholder challenge: answers 403 with a body that says what happened, and never lets a
 * client pass. Stateless and shared; allocates nothing.
 */
public final class ForbiddenChallenge implements Challenge {

    public static final ForbiddenChallenge INSTANCE = new ForbiddenChallenge();

    public static final LocalResponse RESPONSE = new LocalResponse(403, LocalResponse.DEFAULT_CONTENT_TYPE,
            "Challenge required: the firewall challenged this request, and this server cannot issue "
                    + "browser challenges yet, so it is refused.\nrequest id: " + LocalResponse.REQUEST_ID + "\n");

    private ForbiddenChallenge() {
    }

    @Override
    public Outcome challenge(RequestView request, Fields fields, Rule rule, Decision decision) {
        decision.respond(RESPONSE);
        return Outcome.CHALLENGED;
    }
}
