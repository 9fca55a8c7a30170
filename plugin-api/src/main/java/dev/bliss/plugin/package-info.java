/**
 * The detector SPI of bliss.
 *
 * <p>A plugin implements {@link dev.bliss.plugin.DetectorProvider} (found with ServiceLoader),
 * whose factory makes one {@link dev.bliss.plugin.Detector} per event loop. Detectors read a
 * {@link dev.bliss.plugin.RequestView} and write typed fields
 * ({@link dev.bliss.plugin.field.Fields}) that later detectors and the firewall read; in the log
 * phase they see how the request ended ({@link dev.bliss.plugin.Completion}: status, the
 * firewall's rule and {@link dev.bliss.plugin.FirewallAction}). Package
 * {@code field} holds the field handles and table, {@code config} the configuration tree.
 *
 * <p>A plugin's configuration is its {@code config} section, read in
 * {@link dev.bliss.plugin.DetectorProvider#prepare} (unknown keys are errors); the keys among it
 * that hold secrets under innocent names are declared by
 * {@link dev.bliss.plugin.DetectorProvider#secretKeys()}, so the admin server's {@code /config}
 * never shows them.
 *
 * <p>{@link dev.bliss.plugin.ScoreMapping} is the scale of {@code bot.score} (1 automated to 99
 * human, on the odds of automation), for a detector that decides the score from a probability.
 *
 * <p>This module depends on the JDK only, so a plugin compiles against it alone.
 */
package dev.bliss.plugin;
