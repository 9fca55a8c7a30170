/**
 * Internals of the challenge: the token layout, HMAC over a reused digest, base64url, the
 * cookie scanner and the binding hash. Not API.
 */
package dev.bliss.challenge.internal;
