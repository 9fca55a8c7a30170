/**
 * The feature schema (features.yaml as data) and the functions that turn request attributes into
 * dimension keys: the part of the contract between the feature service and the proxy that says
 * what the stored numbers mean and where to find them.
 */
package dev.bliss.store.schema;
