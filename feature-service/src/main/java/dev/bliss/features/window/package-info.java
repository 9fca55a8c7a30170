/**
 * Sliding windows per dimension key: two-bucket weighted counts, ratios and inter-arrival
 * statistics, linear-counting and HyperLogLog sketches for distinct counts, fixed-size records
 * per key, eviction of idle keys, and evaluation into frames.
 */
package dev.bliss.features.window;
