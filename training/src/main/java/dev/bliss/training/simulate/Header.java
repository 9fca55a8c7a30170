package dev.bliss.training.simulate;

/** One request header, in the order a client sends it (names as the client spells them). */
public record Header(String name, String value) {
}
