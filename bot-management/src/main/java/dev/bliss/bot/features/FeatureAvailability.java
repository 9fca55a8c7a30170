package dev.bliss.bot.features;

/** Whether a request got its inter-request features from the store, and if not, why. */
public enum FeatureAvailability {
    AVAILABLE("available"),
    /** No store at the configured path, or nothing published yet. */
    STORE_MISSING("store_missing"),
    /** The newest snapshot is older than {@code max_feature_age}: the feature service stopped. */
    STALE("stale"),
    /** The snapshot was written under another features.yaml. */
    SCHEMA_MISMATCH("schema_mismatch"),
    /**
     * A store file was cut short under its mapping (another process truncated it): the store is
     * not read until its files are whole again ({@link dev.bliss.store.StoreFault}).
     */
    STORE_FAULT("store_fault");

    private final String text;

    FeatureAvailability(String text) {
        this.text = text;
    }

    public String text() {
        return text;
    }
}
