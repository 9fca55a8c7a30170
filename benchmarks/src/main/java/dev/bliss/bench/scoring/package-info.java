/**
 * JMH benchmarks of CatBoost scoring ({@code dev.bliss.bot.scoring}): a single-row predict of a
 * generated 200-tree depth-6 model over 100 float features, through bliss's scorer and through
 * the JNI alone. See bot-management/README.md ("CatBoost scoring") for the command and the
 * latest figures.
 */
package dev.bliss.bench.scoring;
