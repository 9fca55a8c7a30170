/**
 * A model of gradient-boosted oblivious trees over float features, as CatBoost's evaluator sees
 * one: per feature its ascending borders, per tree one split per depth, 2^depth leaf values, and
 * the raw value {@code scale × Σ leaves + bias}. The trainer produces it, the CatBoost JSON writer
 * and reader convert it, and evaluation predicts with it.
 */
package dev.bliss.training.model;
