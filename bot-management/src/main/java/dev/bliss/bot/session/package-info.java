/**
 * Where a session began: which client the site gave each session cookie to, so that a request
 * carrying one from another network is told apart from the client it was issued to.
 *
 * <pre>
 *  onComplete: origin's Set-Cookie ─► SessionCookies.issued ─► IssuedSessions.issued(session, address, time)
 *  inspect:    Cookie ─► SessionCookies.carried ─► IssuedSessions.moved(session, address, time)
 *                                                   ─► the session_moved feature: -1, 0, 0.5 or 1
 * </pre>
 *
 * A session cookie is one browser's: a person's next request carries it from the address it was
 * set to, or from the same network after a phone or a gateway changes address. A bot that
 * rotates its exit through a pool of residential addresses and keeps its cookie jar (so that the
 * site still sees one signed-in visitor) carries it, on the first request from each new exit,
 * from a network it was never issued to: that request is new to every per-address and
 * per-network window, and the only trace of the rotation is here.
 */
package dev.bliss.bot.session;
