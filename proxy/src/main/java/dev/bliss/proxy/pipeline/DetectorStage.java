package dev.bliss.proxy.pipeline;

import dev.bliss.plugin.DetectorFactory;
import java.util.concurrent.atomic.LongAdder;

/**
 * One configured detector as the pipeline runs it: its factory, its failure policy and its
 * counters (shared by every event loop; incremented only on failures and timeouts).
 */
public record DetectorStage(String name, DetectorFactory factory, boolean failClosed, long asyncBudgetNanos,
                            LongAdder errors, LongAdder asyncTimeouts, RateLimitedLog log) {

    DetectorStage(String name, DetectorFactory factory, boolean failClosed, long asyncBudgetNanos) {
        this(name, factory, failClosed, asyncBudgetNanos, new LongAdder(), new LongAdder(),
                new RateLimitedLog(10_000_000_000L));
    }
}
