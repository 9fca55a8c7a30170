package dev.bliss.training.model;

/**
 * CatBoost's {@code nan_value_treatment}. Only {@code AsTrue} together with {@code has_nans}
 * sends NaN to the {@code x > border} side of every split; every other combination sends it to
 * the other side (checked against the 1.2.7 JNI, shared/reference/catboost-vector.md 1.6).
 */
public enum NanTreatment {
    AsIs, AsFalse, AsTrue
}
