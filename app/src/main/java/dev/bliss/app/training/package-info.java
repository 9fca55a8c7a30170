/** {@code bliss train} and {@code bliss evaluate}: the bot model from detection logs and ground truth. */
package dev.bliss.app.training;
