/**
 * Whether what a client claims to be (its user agent) agrees with what it is: the TLS stack
 * (JA4), the client hints and fetch metadata a browser of that family and version sends, and the
 * order it sends its headers in. One request is enough to see these, and each costs a bot real
 * work to fake: a user-agent string is free, a browser's TLS and header behaviour is not.
 * Computed per request without allocation ({@link dev.bliss.bot.consistency.ClientConsistency});
 * the known TLS stacks come from heuristics.yaml ({@link dev.bliss.bot.consistency.TlsStacks}).
 */
package dev.bliss.bot.consistency;
