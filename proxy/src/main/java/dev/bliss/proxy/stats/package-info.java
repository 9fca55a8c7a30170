/**
 * What the dashboard shows about recent traffic: per-event-loop recorders written on the request
 * path without allocation or shared writes, merged only when {@code /stats} is read.
 *
 * <pre>
 *   event loop 1 ─► LoopRecorder ─┐  (single writer each: its loop's thread)
 *   event loop 2 ─► LoopRecorder ─┼─► TrafficStats.snapshot() ─► TrafficSnapshot ─► GET /stats
 *   event loop n ─► LoopRecorder ─┘  (any thread, allocates, reads opaque values)
 * </pre>
 *
 * <p>Each loop's origin pools have an {@link dev.bliss.proxy.stats.OriginRecorder} each (connections,
 * origin times, failures, body bytes), added up per origin by
 * {@link dev.bliss.proxy.stats.OriginStats} the same way.
 *
 * <p>The recorder reads the bot score through field names of the scheme ({@code bot.score},
 * {@code bot.score_source}, {@code bot.detection_ids}, {@code bot.ja4}) when a detector produces
 * them, so the proxy depends on no detector's classes.
 */
package dev.bliss.proxy.stats;
