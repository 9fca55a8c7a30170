package dev.bliss.bot.scoring;

import ai.catboost.CatBoostError;
import ai.catboost.CatBoostPredictions;
import dev.bliss.plugin.ScoreMapping;
import java.lang.invoke.MethodHandles;
import java.lang.invoke.VarHandle;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.ThreadLocalRandom;

/**
 * Scores requests with a {@link ModelSet}'s models on one event loop.
 *
 * <p><b>Ownership.</b> One per event loop, made by {@link ModelSet#newScorer()} at startup and
 * used only by that loop's thread: it keeps the per-model row buffers and
 * {@link CatBoostPredictions} objects and the loop's counters, so nothing is locked or shared
 * per request.
 *
 * <p><b>Allocation.</b> {@link #score} and {@link #shadow} allocate nothing on the Java heap in
 * steady state. After a reload, the first call on each loop sizes new buffers for the new
 * models once.
 *
 * <p><b>Never throws</b> on a request: a JNI error or non-finite value is counted and gives
 * {@link ScoreMapping#NOT_COMPUTED}. The only exception is an input vector shorter than the
 * schema, which is a wiring bug.
 *
 * <p><b>Model lifetime.</b> Each call marks the generation of models it uses as in flight
 * (a volatile store, then a re-read of the current generation, as the feature store's readers
 * do); {@link ModelSet} closes a replaced model only after no scorer is in flight on it.
 */
public final class ModelScorer implements AutoCloseable {

    private static final VarHandle IN_FLIGHT;

    static {
        try {
            IN_FLIGHT = MethodHandles.lookup().findVarHandle(ModelScorer.class, "inFlight", Generation.class);
        } catch (ReflectiveOperationException e) {
            throw new ExceptionInInitializerError(e);
        }
    }

    private final ModelSet owner;
    private final int inputWidth;
    /** Per model name; the owner thread adds entries after a reload, metrics read them. */
    private final Map<String, long[]> countersByName = new ConcurrentHashMap<>();

    /** The generation this scorer is predicting with, or null between calls. Accessed through IN_FLIGHT. */
    @SuppressWarnings("unused")
    private volatile Generation inFlight;

    // Owner thread only: buffers for the generation last seen.
    private Generation adopted;
    private float[] primaryRow;
    private CatBoostPredictions primaryOut;
    private long[] primaryCounters;
    private float[][] shadowRows = new float[0][];
    private CatBoostPredictions[] shadowOuts = new CatBoostPredictions[0];
    private long[][] shadowCounters = new long[0][];
    private int[] lastShadowScores = new int[0];

    private double lastRaw = Double.NaN;

    ModelScorer(ModelSet owner, int inputWidth) {
        this.owner = owner;
        this.inputWidth = inputWidth;
    }

    /**
     * The primary model's bot score for one request: 1 (automated) to 99 (human), or
     * {@link ScoreMapping#NOT_COMPUTED} when there is no primary model or its prediction failed.
     *
     * @param input the detector's input vector in schema order (at least as long as the schema)
     */
    public int score(float[] input) {
        checkWidth(input);
        Generation g = enter();
        try {
            if (g != adopted) {
                adopt(g);
            }
            lastRaw = Double.NaN;
            LoadedModel model = g.primary;
            if (model == null) {
                return ScoreMapping.NOT_COMPUTED;
            }
            double raw = predict(model, input, primaryRow, primaryOut, primaryCounters);
            if (Double.isNaN(raw)) {
                return ScoreMapping.NOT_COMPUTED;
            }
            lastRaw = raw;
            int score = ScoreMapping.scoreOfRaw(raw); // from the log-odds: no sigmoid on the request's path
            ModelCounters.observe(primaryCounters, score);
            return score;
        } finally {
            exit();
        }
    }

    /**
     * Runs the shadow models on one request (each on its sample of requests) and records how
     * their scores compare with {@code primaryScore}. Call it where latency matters least, such
     * as after the response; the request's own primary score is passed in because other
     * requests of this loop may have been scored in between.
     *
     * @param primaryScore the score {@link #score} gave this request; 0 records counts only
     * @return how many shadow models ran
     */
    public int shadow(float[] input, int primaryScore) {
        checkWidth(input);
        Generation g = enter();
        try {
            if (g != adopted) {
                adopt(g);
            }
            LoadedModel[] shadows = g.shadows;
            int ran = 0;
            for (int i = 0; i < shadows.length; i++) {
                lastShadowScores[i] = ScoreMapping.NOT_COMPUTED;
                LoadedModel model = shadows[i];
                if (!sampled(model.spec.sampleRate())) {
                    continue;
                }
                ran++;
                double raw = predict(model, input, shadowRows[i], shadowOuts[i], shadowCounters[i]);
                if (Double.isNaN(raw)) {
                    continue;
                }
                int score = ScoreMapping.scoreOfRaw(raw);
                lastShadowScores[i] = score;
                ModelCounters.observe(shadowCounters[i], score);
                if (primaryScore >= ScoreMapping.MOST_AUTOMATED && primaryScore <= ScoreMapping.MOST_HUMAN) {
                    ModelCounters.compare(shadowCounters[i], score, primaryScore);
                }
            }
            return ran;
        } finally {
            exit();
        }
    }

    /**
     * How many shadow models the last {@link #shadow} call went over (its generation's shadows,
     * sampled or not); 0 before the first call.
     */
    public int shadowCount() {
        return adopted == null ? 0 : adopted.shadows.length;
    }

    /** The name of shadow {@code i} of the last {@link #shadow} call. */
    public String shadowName(int i) {
        return adopted.shadows[i].spec.name();
    }

    /** The score shadow {@code i} gave in the last {@link #shadow} call; 0 when not sampled or failed. */
    public int lastShadowScore(int i) {
        return lastShadowScores[i];
    }

    /** The probability of automation behind the last {@link #score}; NaN if it gave 0. */
    public double lastProbability() {
        return ScoreMapping.probability(lastRaw);
    }

    /** The primary's raw (log-odds) value behind the last {@link #score}; NaN if it gave 0. */
    public double lastRawValue() {
        return lastRaw;
    }

    /**
     * Stops counting this scorer in the set's bookkeeping; its counts are kept in the metrics.
     * Call from its event loop's thread, or after that loop stopped.
     */
    @Override
    public void close() {
        owner.unregister(this);
    }

    /** True while this scorer's thread is inside a call that uses {@code g}; any thread. */
    boolean isUsing(Generation g) {
        return IN_FLIGHT.getVolatile(this) == g;
    }

    /** Counters of the model called {@code name}, or null; any thread. */
    long[] counters(String name) {
        return countersByName.get(name);
    }

    Map<String, long[]> allCounters() {
        return countersByName;
    }

    /**
     * Publishes "in flight on g", then re-reads the current generation: if a reload swapped it in
     * between, start over with the new one. Both accesses are volatile, as are the reloader's
     * store of the new generation and its later read of inFlight, so at least one side sees the
     * other: either this call runs with the new generation, or the reloader sees it in flight on
     * the old one and waits.
     */
    private Generation enter() {
        Generation g = owner.current();
        while (true) {
            IN_FLIGHT.setVolatile(this, g);
            Generation again = owner.current();
            if (again == g) {
                return g;
            }
            g = again;
        }
    }

    /** Release: the predictions happen-before a reloader's volatile read that sees null. */
    private void exit() {
        IN_FLIGHT.setRelease(this, (Generation) null);
    }

    private static double predict(LoadedModel model, float[] input, float[] row, CatBoostPredictions out,
            long[] counters) {
        double raw;
        try {
            raw = model.predictRaw(input, row, out);
        } catch (CatBoostError e) {
            raw = Double.NaN;
        }
        if (!Double.isFinite(raw)) {
            ModelCounters.add(counters, ModelCounters.FAILURES, 1);
            return Double.NaN;
        }
        ModelCounters.add(counters, ModelCounters.PREDICTIONS, 1);
        return raw;
    }

    private static boolean sampled(double rate) {
        return rate >= 1.0 || (rate > 0.0 && ThreadLocalRandom.current().nextDouble() < rate);
    }

    /** Once per reload on this loop: buffers and counters for the new generation's models. */
    private void adopt(Generation g) {
        LoadedModel p = g.primary;
        primaryRow = p == null ? null : p.newScratch();
        primaryOut = new CatBoostPredictions(1, 1);
        primaryCounters = p == null ? null : countersFor(p);
        int n = g.shadows.length;
        shadowRows = new float[n][];
        shadowOuts = new CatBoostPredictions[n];
        shadowCounters = new long[n][];
        lastShadowScores = new int[n];
        for (int i = 0; i < n; i++) {
            shadowRows[i] = g.shadows[i].newScratch();
            shadowOuts[i] = new CatBoostPredictions(1, 1);
            shadowCounters[i] = countersFor(g.shadows[i]);
        }
        adopted = g;
    }

    private long[] countersFor(LoadedModel model) {
        return countersByName.computeIfAbsent(model.spec.name(), name -> ModelCounters.create());
    }

    private void checkWidth(float[] input) {
        if (input.length < inputWidth) {
            throw new IllegalArgumentException("input vector has " + input.length + " values, the schema " + inputWidth);
        }
    }
}
