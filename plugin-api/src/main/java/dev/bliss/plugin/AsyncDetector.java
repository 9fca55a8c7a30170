package dev.bliss.plugin;

import dev.bliss.plugin.field.Fields;
import java.util.concurrent.CompletionStage;

/**
 * A detector with a second, asynchronous stage, for work that needs I/O (a DNS lookup, a cache
 * fill). The request is paused while the stage runs, for at most the detector's time budget
 * ({@code async_budget} in its configuration).
 *
 * <p>{@link #begin} runs on the event loop right after {@link #inspect}. It returns {@code null}
 * when there is nothing to wait for (the fast path, which should be the common one). The stage may
 * complete on any thread and must not touch {@code fields}; the pipeline calls {@link #resume} on
 * the event loop with its result. When the budget runs out first, {@code resume} is not called,
 * the timeout is counted, and the request goes on without the result.
 *
 * @param <T> what the stage produces
 */
public interface AsyncDetector<T> extends Detector {

    CompletionStage<T> begin(RequestView request, Fields fields);

    void resume(RequestView request, Fields fields, T result);
}
