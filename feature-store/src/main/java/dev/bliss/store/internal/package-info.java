/**
 * Internal implementation of the feature store: state-file atomics, native file calls, hashing,
 * the Robin Hood table code and file mappings.
 *
 * <p><b>Internal.</b> Nothing in this package is API. Its types are public only so that
 * {@code dev.bliss.store} can use them; other modules must not, and it may change without
 * notice.
 */
package dev.bliss.store.internal;
