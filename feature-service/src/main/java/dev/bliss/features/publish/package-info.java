/**
 * From frames to snapshots: the double-buffered frame exchange between aggregator and publisher,
 * ranks and quantiles across keys, and the writer of one snapshot per publish interval.
 */
package dev.bliss.features.publish;
