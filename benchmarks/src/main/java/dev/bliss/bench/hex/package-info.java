/**
 * JMH benchmarks of the hex codec ({@code dev.bliss.bot.hex}): the Vector API decoder against the
 * scalar table decoder and {@link java.util.HexFormat}. See bot-management/README.md ("Hex
 * codec") for the command and the latest figures.
 */
package dev.bliss.bench.hex;
