/**
 * CatBoost's JSON model format, for oblivious trees over float features with a Logloss objective:
 * the writer for what bliss trains and a reader that turns such a file (ours or CatBoost's) back
 * into a model that predicts the same raw values as the CatBoost JNI.
 */
package dev.bliss.training.catboost;
