/** The per-request event bot management emits for the feature service. */
package dev.bliss.bot.events;
