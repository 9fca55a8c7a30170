package dev.bliss.training.data;

/**
 * One request's ground truth.
 *
 * @param population the simulator's population (human, verified_bot, scraper, …)
 * @param automated label 1 (a program) or 0 (a person)
 */
public record Truth(String population, boolean automated) {
}
