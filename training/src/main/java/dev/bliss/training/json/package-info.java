/**
 * A small strict JSON parser for the files training reads: detection-log lines and CatBoost JSON
 * models. Training depends on feature-store and plugin-api only, so it carries its own.
 */
package dev.bliss.training.json;
