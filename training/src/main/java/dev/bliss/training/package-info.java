/**
 * Producing and measuring bot models: a traffic simulator that drives a running proxy with
 * labelled populations, a reader of the proxy's detection log joined with the simulator's ground
 * truth, a trainer of gradient-boosted oblivious trees that writes CatBoost's JSON model format,
 * and the evaluation report.
 */
package dev.bliss.training;
