/** {@code bliss store}: look inside a feature store from the command line. */
package dev.bliss.app.store;
