package dev.bliss.training.simulate;

import java.time.Duration;
import java.util.Locale;
import java.util.Map;

/**
 * What a run did: requests sent and answered per population, by status class.
 *
 * @param stoppedBy      what ended the run
 * @param firstFailure   the first request that got no response, as text; null when all were answered
 */
public record SimulationReport(long sent, long answered, long failed, Duration elapsed, StopReason stoppedBy,
                               Map<Population, Counts> byPopulation, String firstFailure) {

    public enum StopReason { REQUESTS, DURATION, TARGET_UNREACHABLE }

    /** Requests of one population: sent, answered by status class, and failed (no response). */
    public record Counts(long sent, long status2xx, long status3xx, long status4xx, long status5xx, long failed) {
    }

    public double requestsPerSecond() {
        double s = elapsed.toNanos() / 1e9;
        return s > 0 ? sent / s : 0;
    }

    /** A few lines for a terminal. */
    public String summary() {
        StringBuilder sb = new StringBuilder();
        sb.append(String.format(Locale.ROOT, "sent %d requests in %.1f s (%.0f/s), %d answered, %d failed; stopped by %s%n",
                sent, elapsed.toNanos() / 1e9, requestsPerSecond(), answered, failed,
                stoppedBy.name().toLowerCase(Locale.ROOT).replace('_', ' ')));
        sb.append(String.format(Locale.ROOT, "%-20s %9s %9s %9s %9s %9s %9s%n", "population", "sent", "2xx", "3xx", "4xx",
                "5xx", "failed"));
        for (Population p : Population.values()) {
            Counts c = byPopulation.get(p);
            if (c != null && c.sent() > 0) {
                sb.append(String.format(Locale.ROOT, "%-20s %9d %9d %9d %9d %9d %9d%n", p.id(), c.sent(), c.status2xx(),
                        c.status3xx(), c.status4xx(), c.status5xx(), c.failed()));
            }
        }
        if (firstFailure != null) {
            sb.append("first failure: ").append(firstFailure).append('\n');
        }
        return sb.toString();
    }
}
