package dev.bliss.store;

/** Whether the writer forces a data file to storage ({@code msync}) before publishing it. */
public enum Durability {
    /** Force unless the store directory is on tmpfs, where forcing buys nothing. */
    AUTO,
    /** Always force. */
    FORCE,
    /** Never force: the page cache is enough (readers share it anyway). */
    NONE
}
