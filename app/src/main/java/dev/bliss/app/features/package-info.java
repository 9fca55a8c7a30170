/**
 * {@code bliss feature-service} (the service as its own process) and {@code bliss features}
 * (show a key's published features, import features computed elsewhere).
 */
package dev.bliss.app.features;
