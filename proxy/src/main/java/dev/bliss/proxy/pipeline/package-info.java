/**
 * The detector pipeline: plugin discovery, field-dependency ordering, and the per-event-loop chain
 * that runs detectors with fail-open/fail-closed handling and async budgets.
 */
package dev.bliss.proxy.pipeline;
