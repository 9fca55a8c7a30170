package dev.bliss.proxy.metrics;

import dev.bliss.proxy.rules.RuleSetHolder;
import io.micrometer.core.instrument.FunctionCounter;
import io.micrometer.core.instrument.Gauge;
import io.micrometer.core.instrument.MeterRegistry;

/**
 * Rules reload outcomes: {@code bliss_rules_reloads_total{outcome="success"|"failure"}} and
 * {@code bliss_rules_reload_last_success_timestamp_seconds} (the start's load counts as a
 * success), so an alert can fire on "failures went up" or "no success for a day". Read from the
 * holder when scraped; registering twice is harmless (Micrometer returns the meter it has).
 */
final class RuleReloadMeters {

    private RuleReloadMeters() {
    }

    static void register(MeterRegistry registry, RuleSetHolder holder) {
        FunctionCounter.builder("bliss_rules_reloads", holder, RuleSetHolder::reloads)
                .description("Rules reloads by outcome; a failed one leaves the previous rules in force")
                .tag("outcome", "success").register(registry);
        FunctionCounter.builder("bliss_rules_reloads", holder, RuleSetHolder::failedReloads)
                .description("Rules reloads by outcome; a failed one leaves the previous rules in force")
                .tag("outcome", "failure").register(registry);
        Gauge.builder("bliss_rules_reload_last_success_timestamp_seconds", holder, h -> h.lastSuccessMillis() / 1000.0)
                .description("When the rules in force were loaded (Unix time)").register(registry);
    }
}
