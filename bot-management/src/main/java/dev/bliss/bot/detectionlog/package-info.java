/**
 * The detection log: one JSON line per sampled request with everything bot management knew
 * about it (the model's input vector by name, the dimension keys, score, source, detection ids)
 * and how it ended (status, the firewall's rule and action), keyed by the proxy's request id.
 * It is what a trainer learns from.
 *
 * <pre>
 *  event loop (BotDetector)                                   writer thread (one per plugin)
 *   inspect:    sampled? ─► copy vector, keys, score … into the request's record (its attachment)
 *   onComplete: the same record, pending? ─► status, rule, action, request id
 *               ─► tryClaim in the ring ─► binary record ─► commit   (full: drop, count)
 *                                                 │
 *                          ManyToOneRingBuffer ◄──┘ ─► read ─► JSON line ─► RotatingFile
 *                                                                           path, path.1, …
 * </pre>
 *
 * <p>The event loops allocate nothing and never wait: the ring is made at startup, each request's
 * record once per pooled field table of the proxy.
 * {@link dev.bliss.bot.detectionlog.DetectionRecordLayout} is the one place
 * the binary record is described; {@link dev.bliss.bot.detectionlog.DetectionJson} the one place
 * the JSON line is.
 */
package dev.bliss.bot.detectionlog;
