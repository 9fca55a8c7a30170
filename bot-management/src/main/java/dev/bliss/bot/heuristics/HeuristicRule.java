package dev.bliss.bot.heuristics;

import java.util.List;

/**
 * One loaded heuristics rule, for listings (startup logs, docs, metrics labels). Exactly one of
 * {@code patterns} (non-empty) and {@code check} (non-null) describes what it matches;
 * {@code except} lists patterns whose presence in the user agent keeps the rule from firing.
 *
 * @param detectionId the stable id reported in {@code bot.detection_ids}
 * @param category    a short snake_case name of what the rule finds, e.g. {@code http_library}
 */
public record HeuristicRule(int detectionId, String category, RuleCheck check, List<String> patterns,
                            List<String> except) {

    public HeuristicRule {
        patterns = List.copyOf(patterns);
        except = List.copyOf(except);
    }
}
