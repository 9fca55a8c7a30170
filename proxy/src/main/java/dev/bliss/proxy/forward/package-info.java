/**
 * Reverse-proxy header hygiene: hop-by-hop removal, X-Forwarded-* and the trusted-proxy policy
 * that decides which client address to believe.
 */
package dev.bliss.proxy.forward;
