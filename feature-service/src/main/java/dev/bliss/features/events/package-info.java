/**
 * The events ring, consumer side: the ring file ({@link dev.bliss.features.events.EventsRing}),
 * the record flyweight and the consumer that checks records and counts the ones it skips. The
 * format is {@link dev.bliss.store.events.RequestEventLayout}, shared with the producer.
 */
package dev.bliss.features.events;
