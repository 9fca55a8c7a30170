/**
 * JMH benchmarks of training's input side ({@code dev.bliss.training.data}): reading a detection
 * log. See training/README.md ("Reading detection logs") for the command and the latest figures.
 */
package dev.bliss.bench.training;
