/**
 * The events rings' contract between the proxy's request events (written by the bot-management
 * plugin) and the feature service that aggregates them: the record format and the files'
 * names ({@link dev.bliss.store.events.RequestEventLayout}) and a producer's ownership of one
 * ring ({@link dev.bliss.store.events.RingOwnership}). The ring code (Agrona) lives with the
 * producer and the consumer.
 */
package dev.bliss.store.events;
