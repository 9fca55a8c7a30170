package dev.bliss.proxy;

/**
 * What a reload did ({@link ProxyServer#reload()}).
 *
 * @param applied whether the new configuration is in force; false: it was rejected and the one
 *                in force stays
 * @param summary what was reloaded, what only a restart changes, or why it was rejected (with
 *                file, line and key); the log has the same text
 */
public record ReloadOutcome(boolean applied, String summary) {
}
