package dev.bliss.proxy.internal;

import dev.bliss.plugin.FirewallAction;
import dev.bliss.plugin.IpAddress;
import dev.bliss.plugin.field.Fields;
import dev.bliss.proxy.forward.RequestIdBuffer;
import dev.bliss.proxy.routing.Route;

/**
 * The per-request state of one exchange: the request view, the field table, and what the access
 * log and metrics need at the end. Pooled per event loop ({@link RequestContextPool}): made when
 * the loop first has that many requests in flight, then reused, so steady state makes none.
 *
 * <p>Event-loop only.
 */
final class RequestContext {

    final VertxRequestView view = new VertxRequestView();
    final Fields fields;
    final IpAddress peer = new IpAddress();
    final IpAddress scratch = new IpAddress();
    /** Where this context's request id is made when the request brings none to believe. */
    final RequestIdBuffer madeId = new RequestIdBuffer();
    final ExchangeCompletion completion = new ExchangeCompletion();
    int generation;
    Route route;
    dev.bliss.proxy.routing.Origin origin;
    boolean peerTrusted;
    String peerText;
    long startNanos;
    /** When the origin was chosen, and when its response head arrived (0: none), for the access log's origin time. */
    long originStartNanos;
    long originResponseNanos;
    int status;
    boolean completed;
    /** Why the proxy answered itself ("blocked", "no_route", …), or null when the origin did. */
    String localReason;
    /** The deciding rule, else the first log rule that matched, else null (as the access log shows it). */
    String ruleId;
    FirewallAction action = FirewallAction.NONE;

    RequestContext(Fields fields) {
        this.fields = fields;
    }

    void reset() {
        generation++;
        fields.reset();
        route = null;
        origin = null;
        originResponseNanos = 0;
        peerTrusted = false;
        peerText = null;
        status = 0;
        completed = false;
        localReason = null;
        ruleId = null;
        action = FirewallAction.NONE;
    }
}
