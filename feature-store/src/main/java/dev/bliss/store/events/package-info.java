/**
 * The events ring's record format: the contract between the proxy's request events (written by
 * the bot-management plugin) and the feature service that aggregates them. Layout only; the ring
 * code lives with the producer and the consumer.
 */
package dev.bliss.store.events;
