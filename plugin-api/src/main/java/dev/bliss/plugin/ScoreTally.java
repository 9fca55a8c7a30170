package dev.bliss.plugin;

import dev.bliss.plugin.field.Symbol;

/**
 * Where the detector that decides {@code bot.score} reports each request's decision, so that the
 * host counts scores (the admin dashboard's histograms, {@code bliss_bot_scored_total},
 * {@code bliss_bot_score}) from values the detector has at hand, instead of reading them back out
 * of every request's field table: counting costs the request a few instructions this way, a
 * read-back some sixty (proxy/README.md, "What recording costs an exchange").
 *
 * <pre>{@code
 * public Detector newDetector(ScoreTally scores) { return new MyDetector(scores); }
 * ...
 * public void onComplete(RequestView request, Fields fields, Completion completion) {
 *     scores.scored(ScoreSource.MACHINE_LEARNING.symbol(), score);   // once, for this request
 * }
 * }</pre>
 *
 * <p><b>When:</b> from {@link Detector#onComplete}, at most once per request: the host takes the
 * report when the request's log phase ends, and a request nobody reported is counted as not
 * scored. A detector that only sets the fields is still read by rules, logs and the origin's
 * header; it is just not in the score histograms.
 *
 * <p><b>Thread:</b> one tally per event loop, handed to that loop's detector
 * ({@link DetectorFactory#newDetector(ScoreTally)}); call it on that loop only. <b>Allocation:</b>
 * none.
 */
public interface ScoreTally {

    /** A tally that counts nothing: for detectors made outside a proxy (tests, tools). */
    ScoreTally NONE = new ScoreTally() {
        @Override
        public void scored(Symbol source, int score) {
        }

        @Override
        public void detected(int detectionId) {
        }
    };

    /**
     * This request's score and the engine that decided it.
     *
     * @param source what {@code bot.score_source} says, as a {@link Symbol} (the sources of
     *               {@link ScoreSource} have theirs)
     * @param score  1 to 99 (low = automated), or 0 when the source could not score the request
     */
    void scored(Symbol source, int score);

    /** One of this request's detection ids ({@code bot.detection_ids}), each once. */
    void detected(int detectionId);
}
