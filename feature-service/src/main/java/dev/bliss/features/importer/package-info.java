/**
 * Bulk import: feature vectors computed elsewhere (CSV or JSON lines, from a file or a URL),
 * parsed whole against the schema before anything is published.
 */
package dev.bliss.features.importer;
