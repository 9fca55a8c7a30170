/** Benchmarks of the browser challenge: the per-request clearance check and solution verification. */
package dev.bliss.bench.challenge;
