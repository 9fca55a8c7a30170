package dev.bliss.proxy.exchange;

import dev.bliss.proxy.pipeline.DetectorChain;
import dev.bliss.proxy.pipeline.DetectorFailedClosed;
import io.netty.channel.EventLoop;
import java.util.concurrent.CompletionStage;
import java.util.concurrent.TimeUnit;

/**
 * The detectors stage: runs the loop's {@link DetectorChain} and, for an async detector, waits for
 * its stage within the detector's budget while the request waits (its body, if any, stays queued
 * in the origin leg, which has no connection yet).
 *
 * <p>Whichever comes first settles the wait: the stage's outcome, the budget timer, or the end of
 * the exchange (the client left). The other two then find {@link Exchange#asyncTimer} cleared or
 * the generation moved on and do nothing, so no detector ever runs on a view that serves another
 * request. The async path allocates (a timer and a hand-off to the loop); the synchronous path
 * does not.
 *
 * <p>One per event loop.
 */
final class Detection {

    private final DetectorChain chain;
    private final EventLoop loop;

    Detection(DetectorChain chain, EventLoop loop) {
        this.chain = chain;
        this.loop = loop;
    }

    DetectorChain chain() {
        return chain;
    }

    /**
     * Runs detectors from {@code from} on.
     *
     * @return true when all have run and the request goes on now; false when it waits for an
     *         async stage (the path continues when it settles) or has been answered
     */
    boolean run(Exchange e, int from) {
        int position = chain.run(e.view, e.fields, from);
        while (position >= 0) {
            CompletionStage<?> stage;
            try {
                stage = chain.beginAsync(position, e.view, e.fields);
            } catch (DetectorFailedClosed failed) {
                e.path.answers().detectorFailed(e);
                return false;
            }
            if (stage != null) {
                await(e, position, stage);
                return false;
            }
            position = chain.run(e.view, e.fields, position + 1);
        }
        if (position == DetectorChain.FAILED_CLOSED) {
            e.path.answers().detectorFailed(e);
            return false;
        }
        return true;
    }

    private void await(Exchange e, int position, CompletionStage<?> stage) {
        int generation = e.generation;
        long budget = Math.max(1, chain.asyncBudgetNanos(position));
        e.asyncTimer = loop.schedule(() -> {
            if (e.generation == generation && !e.ended && e.asyncTimer != null) {
                e.asyncTimer = null;
                chain.timedOut(position);
                e.path.detectorsFrom(e, position + 1);
            }
        }, budget, TimeUnit.NANOSECONDS);
        stage.whenComplete((result, error) -> loop.execute(() -> {
            if (e.generation != generation || e.ended || e.asyncTimer == null) {
                return; // timed out already, or the exchange is over
            }
            e.asyncTimer.cancel(false);
            e.asyncTimer = null;
            if (chain.resume(e.view, e.fields, position, result, error)) {
                e.path.detectorsFrom(e, position + 1);
            } else {
                e.path.answers().detectorFailed(e);
            }
        }));
    }
}
