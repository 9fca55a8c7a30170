/**
 * Per-request state that outlives {@code inspect}: an event loop's detector keeps scratch buffers
 * for the duration of one call only, so what the log phase needs from the inspect phase (the
 * detection log's record, the request event's keys and flags) is held in slots found by the
 * request's view.
 */
package dev.bliss.bot.inflight;
