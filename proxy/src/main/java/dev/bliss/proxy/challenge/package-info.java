/**
 * The browser challenge in the proxy: {@link dev.bliss.proxy.challenge.ChallengeGate} (one per
 * event loop) decides pass / interstitial / short 403 and answers the reserved verification path;
 * {@link dev.bliss.proxy.challenge.BrowserChallenge} holds what the loops share. The tokens, page
 * and checks themselves are the {@code challenge} module's.
 */
package dev.bliss.proxy.challenge;
