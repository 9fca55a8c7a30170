/**
 * The training data: the proxy's detection log (JSON lines, one request each) joined on
 * {@code request_id} with the simulator's ground truth (CSV), held column by column.
 */
package dev.bliss.training.data;
