package dev.bliss.proxy.challenge;

import dev.bliss.plugin.field.FieldRegistry;

/**
 * The fields the browser challenge writes for every request, before any detector runs, so rules,
 * detectors and the model can use them (declared as the host component {@code challenge}, see
 * {@code PluginFields.HOST_FIELDS}):
 *
 * <pre>
 *   bot.js_detection.passed  Bool  the request carries a valid clearance whose page passed every environment
 *                                  check (webdriver, headless, consistency); false: valid, some check failed
 *                                  (possible when challenge.required_checks does not require it)
 *                                  Cloudflare alias: cf.bot_management.js_detection.passed
 *   bot.clearance.age        Int   seconds since that clearance was issued
 *   bot.challenge.submission Bool  true when the request is for the reserved path (a submitted solution,
 *                                  whose outcome will be solved, failed or replayed); unset otherwise.
 *                                  Bot management's detection log keeps such requests past its sampling.
 * </pre>
 *
 * Both are unset when the request has no valid clearance (missing, expired, bound to another
 * client, or tampered), so {@code bot.clearance.age lt 60} is false for a client that never solved
 * a challenge, as every comparison on a missing value is.
 */
public final class ChallengeFields {

    public static final String JS_DETECTION_PASSED = "bot.js_detection.passed";
    public static final String CLEARANCE_AGE = "bot.clearance.age";
    public static final String SUBMISSION = "bot.challenge.submission";

    private ChallengeFields() {
    }

    public static void declare(FieldRegistry registry) {
        registry.produceBool(JS_DETECTION_PASSED);
        registry.produceInt(CLEARANCE_AGE);
        registry.produceBool(SUBMISSION);
    }
}
