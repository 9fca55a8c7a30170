/**
 * The browser challenge that {@code challenge} rules answer with: a page that makes the browser
 * do a proof of work and report environment checks, and a signed clearance cookie that lets it
 * through afterwards. Stateless on the proxy: every token is an HMAC under a {@link
 * dev.bliss.challenge.KeyRing}, so any event loop or node with the key verifies it.
 *
 * <pre>
 *  challenged request ─► NonceIssuer (HMAC over binding, rule, time, difficulty) ─► InterstitialPage
 *  browser: SHA-256(nonce ":" counter) until N leading zero bits; checks ─► GET &lt;path_prefix&gt;verify
 *  verification ─► SolutionCheck (one HMAC, one SHA-256) ─► ClearanceIssuer ─► Set-Cookie, 303 back
 *  every request ─► ClearanceCheck (no allocation) ─► VALID lets challenge rules pass
 * </pre>
 *
 * JDK only (plus plugin-api for configuration and the request view). The proxy wires it in
 * ({@code dev.bliss.proxy.challenge}); nothing here knows about HTTP servers.
 */
package dev.bliss.challenge;
