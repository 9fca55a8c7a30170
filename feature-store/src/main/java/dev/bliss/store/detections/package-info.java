/**
 * The detection log's line format: the contract between bot management, which writes one JSON
 * line per logged request, and the trainer, which reads them. Field names only; the writer and
 * the reader live with bot management and training.
 */
package dev.bliss.store.detections;
