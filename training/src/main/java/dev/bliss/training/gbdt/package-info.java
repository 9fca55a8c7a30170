/**
 * The trainer: gradient boosting of oblivious (symmetric) trees with the Logloss objective, the
 * model family CatBoost builds. Features are quantized once into borders; each tree level picks
 * one split for all its leaves from per-leaf gradient histograms; leaves take one Newton step with
 * L2 regularisation. Plain boosting (not CatBoost's ordered boosting), no random strength and no
 * bagging, so the result depends on the data and options only.
 */
package dev.bliss.training.gbdt;
