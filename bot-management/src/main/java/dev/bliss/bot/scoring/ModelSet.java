package dev.bliss.bot.scoring;

import dev.bliss.plugin.config.ConfigException;
import dev.bliss.plugin.config.ConfigSection;
import java.lang.System.Logger.Level;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.Executors;
import java.util.concurrent.ScheduledExecutorService;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicLong;
import java.util.concurrent.locks.LockSupport;

/**
 * The CatBoost models of models.yaml, loaded, checked and kept current: one primary model whose
 * prediction is the bot score, and shadow models that are only measured against it. It owns
 * every native model handle of the scoring package and frees them on {@link #close()}.
 *
 * <pre>
 *  startup:  load(models.yaml) ── every model read, checked, loaded ──► generation 1
 *                                  (any failure: ConfigException naming models.yaml line and model file)
 *  requests: ModelScorer (one per event loop) ── reads the current generation ──► predict
 *  reload:   reloadIfChanged() / reload() / reconfigure(), or the watcher thread every watch_interval
 *              changed files loaded and checked ── all pass ──► generation n+1 published (volatile)
 *                                               │                 └ wait until no scorer is in flight
 *                                               │                   on generation n, then close the
 *                                               │                   models n+1 does not reuse
 *                                               └─ one fails ──► nothing changes; REJECTED,
 *                                                                counted, lastError names file + reason
 * </pre>
 *
 * <p><b>Threads.</b> {@link #load}, the reload methods and {@link #close()} block (file reads,
 * native loads, waiting for in-flight predictions) and belong off the event loop; they are
 * serialised with each other. {@link #newScorer()} and {@link #metrics()} may be called from any
 * thread without blocking. Scoring happens only through {@link ModelScorer}.
 *
 * <p><b>Model lifetime.</b> The JNI does not synchronise predict with dispose, so a model is
 * closed only when no scorer can be predicting with it: after the new generation is published,
 * the reloader waits for each scorer to leave the old one (a call lasts microseconds). If a
 * scorer stayed inside for {@value #DRAIN_TIMEOUT_SECONDS} s the old models are left open (a
 * leak, never a use-after-free) and {@code lastError} says so.
 */
public final class ModelSet implements AutoCloseable {

    static final long DRAIN_TIMEOUT_SECONDS = 10;

    private static final System.Logger LOG = System.getLogger(ModelSet.class.getName());

    /** Which model files a reload reads again. */
    private enum Scope { CHANGED_FILES, ALL_FILES }

    private final Path baseDir;
    private final List<String> inputNames;
    private final float[] defaults;
    private final CopyOnWriteArrayList<ModelScorer> scorers = new CopyOnWriteArrayList<>();
    private final Object lock = new Object();

    /**
     * The serving generation. Written under {@link #lock} (volatile store; pairs with the
     * volatile re-read in {@code ModelScorer.enter}), read by every scoring call.
     */
    private volatile Generation current;

    /** Counts of closed scorers, by model name: written under lock, read by metrics without it. */
    private final Map<String, long[]> retiredCounters = new ConcurrentHashMap<>();

    // Guarded by lock.
    private final Map<Path, FileStamp> rejectedStamps = new HashMap<>();
    private ScheduledExecutorService watcher;
    private Duration watching = Duration.ZERO;
    private long generations;
    private boolean closed;

    private final AtomicLong reloads = new AtomicLong();
    private final AtomicLong reloadFailures = new AtomicLong();
    private volatile String lastError;
    /** When the models in force were loaded (construction or the last reload that swapped some in). */
    private volatile long lastSuccessMillis = System.currentTimeMillis();

    private ModelSet(Path baseDir, List<String> inputNames, float[] defaults) {
        this.baseDir = baseDir;
        this.inputNames = List.copyOf(inputNames);
        this.defaults = defaults.clone();
    }

    /**
     * Reads models.yaml and loads every model in it; each must pass every check.
     *
     * @param modelsYaml the root of models.yaml (see {@code config/models.yaml})
     * @param baseDir the directory relative model paths resolve against: models.yaml's own
     * @param inputFeatureNames the detector's input vector, in order: the names models.yaml's
     *     {@code features} lists refer to
     * @param defaults the schema's default for each input feature, same order; every model must
     *     give a finite prediction on it
     * @throws ConfigException for a bad models.yaml, and for a model that fails a check, with the
     *     position of its {@code file} key, the model file and the reason
     */
    public static ModelSet load(ConfigSection modelsYaml, Path baseDir, List<String> inputFeatureNames,
            float[] defaults) throws ConfigException {
        if (defaults.length != inputFeatureNames.size()) {
            throw new IllegalArgumentException(defaults.length + " defaults for " + inputFeatureNames.size() + " input features");
        }
        ModelSet set = new ModelSet(baseDir, inputFeatureNames, defaults);
        ModelsConfig config = ModelsConfig.parse(modelsYaml, baseDir, set.inputNames);
        List<LoadedModel> models = loadAll(config, set.defaults);
        synchronized (set.lock) {
            set.current = new Generation(++set.generations, config, models);
        }
        for (LoadedModel m : models) {
            LOG.log(Level.INFO, "model {0} serving as {1}", m, m.spec.role());
        }
        return set;
    }

    /** A scorer for one event loop; see {@link ModelScorer}. Any thread, normally at startup. */
    public ModelScorer newScorer() {
        ModelScorer scorer = new ModelScorer(this, inputNames.size());
        scorers.add(scorer);
        return scorer;
    }

    /** True when a primary model is serving, so {@code score} can give something other than 0. */
    public boolean hasPrimary() {
        return current.primary != null;
    }

    /**
     * Loads again the model files that changed since they were loaded (modification time, size
     * or inode) and swaps them in if all pass. A file that was rejected is not tried again until
     * it changes again. Blocks; off the event loop.
     */
    public ReloadResult reloadIfChanged() {
        synchronized (lock) {
            return closed ? ReloadResult.UNCHANGED : swap(current.config, Scope.CHANGED_FILES);
        }
    }

    /** Loads every model file again, changed or not, and swaps them in if all pass. Blocks. */
    public ReloadResult reload() {
        synchronized (lock) {
            if (closed) {
                return ReloadResult.UNCHANGED;
            }
            rejectedStamps.clear();
            return swap(current.config, Scope.ALL_FILES);
        }
    }

    /**
     * Replaces the configuration with a new models.yaml (same base directory and input
     * features) and loads all its models. All or nothing: on any error the current models keep
     * serving and the error is thrown (and counted as a failed reload).
     */
    public void reconfigure(ConfigSection modelsYaml) throws ConfigException {
        synchronized (lock) {
            if (closed) {
                throw new IllegalStateException("model set is closed");
            }
            List<LoadedModel> models;
            ModelsConfig config;
            try {
                config = ModelsConfig.parse(modelsYaml, baseDir, inputNames);
                models = loadAll(config, defaults);
            } catch (ConfigException e) {
                failed(e.getMessage());
                throw e;
            }
            rejectedStamps.clear();
            publish(new Generation(++generations, config, models));
            reloads.incrementAndGet();
            lastSuccessMillis = System.currentTimeMillis();
            LOG.log(Level.INFO, "models reconfigured: {0}", current.models);
            if (watcher != null && !config.watchInterval().equals(watching)) {
                stopWatching();
                startWatching();
            }
        }
    }

    /**
     * Starts a daemon thread that calls {@link #reloadIfChanged()} every {@code watch_interval}
     * of models.yaml (0s: never). Polling rather than a WatchService: it sees atomic renames,
     * symlink swaps and network filesystems alike, and costs one stat per model file.
     *
     * @return true if watching (now or already)
     */
    public boolean startWatching() {
        synchronized (lock) {
            if (closed) {
                return false;
            }
            if (watcher != null) {
                return true;
            }
            Duration interval = current.config.watchInterval();
            if (interval.isZero()) {
                return false;
            }
            watcher = Executors.newSingleThreadScheduledExecutor(task -> {
                Thread t = new Thread(task, "bliss-model-watch");
                t.setDaemon(true);
                return t;
            });
            watching = interval;
            long nanos = interval.toNanos();
            watcher.scheduleWithFixedDelay(this::pollQuietly, nanos, nanos, TimeUnit.NANOSECONDS);
            return true;
        }
    }

    /**
     * Counters and state for metrics. Any thread, never blocks (not even during a reload);
     * allocates. While a scorer is being closed its counts may be missing for a moment.
     */
    public ModelSetMetrics metrics() {
        List<ModelMetrics> out = new ArrayList<>();
        for (LoadedModel m : current.models) {
            String name = m.spec.name();
            long[] sum = ModelCounters.create();
            addInto(sum, retiredCounters.get(name));
            for (ModelScorer s : scorers) {
                addInto(sum, s.counters(name));
            }
            long[] histogram = new long[ModelCounters.BUCKET_UPPER_BOUNDS.length];
            System.arraycopy(sum, ModelCounters.HISTOGRAM, histogram, 0, histogram.length);
            long[] scores = new long[ModelCounters.SCORE_UPPER_BOUNDS.length + 1];
            System.arraycopy(sum, ModelCounters.SCORES, scores, 0, scores.length);
            out.add(new ModelMetrics(name, m.spec.role(), m.spec.file().toString(), m.treeCount, m.featureCount,
                    m.spec.sampleRate(), sum[ModelCounters.PREDICTIONS], sum[ModelCounters.FAILURES],
                    sum[ModelCounters.COMPARED], sum[ModelCounters.DELTA_SUM],
                    sum[ModelCounters.ABSOLUTE_DELTA_SUM], histogram, sum[ModelCounters.OPPOSITE_SIDES], scores,
                    sum[ModelCounters.SCORE_SUM]));
        }
        return new ModelSetMetrics(reloads.get(), reloadFailures.get(), lastError, out, lastSuccessMillis);
    }

    /**
     * Stops the watcher, retires every model (scorers give 0 from now on) and frees them once no
     * scorer is inside a call. Idempotent; blocks.
     */
    @Override
    public void close() {
        synchronized (lock) {
            if (closed) {
                return;
            }
            closed = true;
            stopWatching();
            publish(new Generation(++generations, current.config, List.of()));
        }
    }

    /** The name of shadow {@code i} (models.yaml order) in force now, or null; any thread. */
    public String shadowName(int i) {
        LoadedModel[] shadows = current.shadows;
        return i >= 0 && i < shadows.length ? shadows[i].spec.name() : null;
    }

    Generation current() {
        return current;
    }

    void unregister(ModelScorer scorer) {
        synchronized (lock) {
            if (scorers.remove(scorer)) {
                for (Map.Entry<String, long[]> e : scorer.allCounters().entrySet()) {
                    long[] retired = retiredCounters.computeIfAbsent(e.getKey(), k -> ModelCounters.create());
                    for (int i = 0; i < retired.length; i++) {
                        ModelCounters.add(retired, i, ModelCounters.read(e.getValue(), i));
                    }
                }
            }
        }
    }

    private void pollQuietly() {
        try {
            reloadIfChanged();
        } catch (RuntimeException | Error e) {
            // A throwing task would end the schedule; report and keep polling.
            failed("model reload failed unexpectedly: " + e);
            LOG.log(Level.ERROR, "model reload failed unexpectedly", e);
        }
    }

    /** Under lock. */
    private ReloadResult swap(ModelsConfig config, Scope scope) {
        Generation old = current;
        List<LoadedModel> next = new ArrayList<>();
        List<LoadedModel> fresh = new ArrayList<>();
        for (ModelSpec spec : config.models()) {
            LoadedModel existing = null;
            for (LoadedModel m : old.models) {
                if (m.spec == spec) {
                    existing = m;
                }
            }
            FileStamp stamp = FileStamp.of(spec.file());
            if (scope == Scope.CHANGED_FILES && existing != null
                    && (stamp.equals(existing.stamp) || stamp.equals(rejectedStamps.get(spec.file())))) {
                next.add(existing);
                continue;
            }
            try {
                LoadedModel loaded = ModelLoader.load(spec, defaults);
                fresh.add(loaded);
                next.add(loaded);
                rejectedStamps.remove(spec.file());
            } catch (ModelRejectedException e) {
                fresh.forEach(LoadedModel::close);
                rejectedStamps.put(spec.file(), stamp);
                String message = spec.rejectedText(e);
                failed(message);
                LOG.log(Level.WARNING, "model reload rejected, the previous models keep serving: {0}", message);
                return ReloadResult.REJECTED;
            }
        }
        if (fresh.isEmpty()) {
            return ReloadResult.UNCHANGED;
        }
        publish(new Generation(++generations, config, next));
        reloads.incrementAndGet();
        lastSuccessMillis = System.currentTimeMillis();
        LOG.log(Level.INFO, "models reloaded: {0}", fresh);
        return ReloadResult.RELOADED;
    }

    /** Under lock: swaps in {@code next}, waits for scorers to leave the old generation, closes what it retired. */
    private void publish(Generation next) {
        Generation old = current;
        current = next;
        List<LoadedModel> retired = new ArrayList<>();
        for (LoadedModel m : old.models) {
            if (!next.contains(m)) {
                retired.add(m);
            }
        }
        if (retired.isEmpty()) {
            return;
        }
        if (!awaitScorersLeave(old)) {
            String message = "models " + retired + " were not closed: a scorer was still predicting with them after "
                    + DRAIN_TIMEOUT_SECONDS + " s; their native memory stays allocated";
            lastError = message;
            LOG.log(Level.ERROR, message);
            return;
        }
        retired.forEach(LoadedModel::close);
    }

    private boolean awaitScorersLeave(Generation old) {
        long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(DRAIN_TIMEOUT_SECONDS);
        for (ModelScorer scorer : scorers) {
            // Volatile read of the scorer's in-flight generation; pairs with its volatile store in enter().
            while (scorer.isUsing(old)) {
                if (System.nanoTime() - deadline > 0) {
                    return false;
                }
                // A prediction takes microseconds: spin briefly, then back off.
                Thread.onSpinWait();
                LockSupport.parkNanos(10_000);
            }
        }
        return true;
    }

    private void stopWatching() {
        if (watcher != null) {
            watcher.shutdownNow();
            watcher = null;
            watching = Duration.ZERO;
        }
    }

    private void failed(String message) {
        reloadFailures.incrementAndGet();
        lastError = message;
    }

    private static List<LoadedModel> loadAll(ModelsConfig config, float[] defaults) throws ConfigException {
        List<LoadedModel> models = new ArrayList<>();
        for (ModelSpec spec : config.models()) {
            try {
                models.add(ModelLoader.load(spec, defaults));
            } catch (ModelRejectedException e) {
                models.forEach(LoadedModel::close);
                throw spec.rejected(e);
            }
        }
        return models;
    }

    private static void addInto(long[] sum, long[] counters) {
        if (counters != null) {
            for (int i = 0; i < sum.length; i++) {
                sum[i] += ModelCounters.read(counters, i);
            }
        }
    }
}
