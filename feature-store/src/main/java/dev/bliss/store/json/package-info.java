/**
 * The one strict JSON reader of the files bliss's modules hand each other: CatBoost model files
 * (the trainer writes them, bot management checks them before the JNI loads them) and detection
 * logs (bot management writes them, the trainer reads them). {@link dev.bliss.store.json.StrictJson}
 * owns the strictness settings and the error reporting (line, column, key path, reason);
 * {@link dev.bliss.store.json.JsonValue} is a parsed tree that keeps positions, for formats
 * checked as a whole; a streaming reader drives Jackson's parser itself through
 * {@link dev.bliss.store.json.StrictJson#read}.
 *
 * <p>Why here: bot management and training must read these files by the same rules, and
 * feature-store is the lowest module both depend on (training depends on nothing else of
 * bliss's but plugin-api, which is the JDK-only SPI). It is also where the detection log's line
 * schema ({@code dev.bliss.store.detections.DetectionLogLine}) already lives: the module holds
 * the contracts of the files modules exchange, and this is how those files are read. The reader
 * is Jackson's streaming parser (jackson-core, dependency-free), which Vert.x brings to every
 * bliss process anyway; no data binding.
 */
package dev.bliss.store.json;
