/**
 * The feature service: request events in (the events ring), sliding-window inter-request
 * features out (the feature store). {@link dev.bliss.features.FeatureService} runs it;
 * {@link dev.bliss.features.FeatureServiceSettings} reads its section of bliss.yaml.
 */
package dev.bliss.features;
