/**
 * Measuring a model: AUC, log loss, precision and recall at bot-score thresholds, per-population
 * score shares, feature importance, the report text and its pictures (JFreeChart, headless), and
 * the progress line shown while training.
 */
package dev.bliss.training.report;
