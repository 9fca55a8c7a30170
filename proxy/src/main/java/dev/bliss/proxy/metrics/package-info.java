/**
 * Prometheus metrics of the proxy. The request path's families (requests, durations, origin
 * errors, local answers, client and origin connections, origin times and bytes) are per-loop
 * single-writer counters ({@link dev.bliss.proxy.metrics.LoopCounters}) read at scrape time
 * through {@link dev.bliss.proxy.metrics.FamilyCollector}; Micrometer serves the registry, the
 * JVM binders and what changes off the request path (reloads, rules, detectors' totals).
 */
package dev.bliss.proxy.metrics;
