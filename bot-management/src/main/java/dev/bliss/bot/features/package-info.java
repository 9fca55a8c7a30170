/**
 * The model's input: the feature schema (features.yaml), single-request features, and the
 * per-request reads of inter-request features from the feature store.
 */
package dev.bliss.bot.features;
