package dev.bliss.bot.scoring;

/**
 * A model file that must not be used, with the reason in words an operator can act on
 * ("oblivious_trees[3].splits[0]: split_index is missing ..."). The message never names the
 * file: the caller adds the file and, at startup, the models.yaml position.
 */
final class ModelRejectedException extends Exception {

    private static final long serialVersionUID = 1L;

    ModelRejectedException(String reason) {
        super(reason);
    }
}
