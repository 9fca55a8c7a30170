/**
 * CatBoost scoring: the bot score from the models of models.yaml, through the CatBoost JNI
 * ({@code ai.catboost:catboost-prediction} 1.2.7).
 *
 * <pre>
 *  startup, off the event loop                         per request, on its event loop
 *  ───────────────────────────                         ──────────────────────────────
 *  models.yaml ─► ModelsConfig (names → input positions)
 *  model files ─► ModelLoader: StrictJson (feature-store) + CatBoostJsonCheck (JSON),
 *                 CatBoostModel.loadModel, checks on the loaded model,
 *                 a finite prediction on the schema defaults
 *              ─► ModelSet (current Generation: primary + shadows) ◄── ModelScorer.score(input)
 *                   ▲ reloadIfChanged() / watcher thread                 gather → predict → sigmoid
 *                   │ swap by reference, close after scorers leave        → ScoreMapping 1..99
 *                                                                      ModelScorer.shadow(input, score)
 * </pre>
 *
 * <ul>
 *   <li>{@link dev.bliss.bot.scoring.ModelSet}: loads, checks, reloads and owns the models
 *       (and with them every native handle); metrics.
 *   <li>{@link dev.bliss.bot.scoring.ModelScorer}: one per event loop; scores without
 *       allocating.
 *   <li>{@link dev.bliss.plugin.ScoreMapping} (plugin API): raw value → score, on a scale of odds.
 *   <li>{@link dev.bliss.bot.scoring.CatBoostNativeLibrary}: loads the JNI's native library so
 *       its extracted copy never outlives the process, and removes copies that did.
 * </ul>
 *
 * Everything else is package-private: the JSON model checker, the loader, the one class
 * holding a native model ({@code LoadedModel}), generations and counters.
 */
package dev.bliss.bot.scoring;
