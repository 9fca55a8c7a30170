package dev.bliss.training.simulate.actor;

import dev.bliss.training.simulate.SimulatedRequest;

/**
 * An actor's next request and how long the actor waits before sending it, in the simulated
 * client's own (uncompressed) seconds; the runner divides by the time scale.
 */
public record Step(double pauseSeconds, SimulatedRequest request) {
}
