package dev.bliss.training.catboost;

/** A model file this reader cannot evaluate; the message names the file and the JSON path. */
public final class ModelFormatException extends Exception {

    public ModelFormatException(String message) {
        super(message);
    }
}
