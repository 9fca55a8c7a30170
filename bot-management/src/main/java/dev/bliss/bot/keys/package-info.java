/** Dimension keys of a request: client IP and network, user agent, fingerprints, header order. */
package dev.bliss.bot.keys;
