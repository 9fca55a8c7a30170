/**
 * The built-in functions, one class each: {@code lower}, {@code upper}, {@code len},
 * {@code starts_with}, {@code ends_with}, {@code concat}, {@code url_decode}, {@code to_string}.
 * Each checks its arguments and compiles to a node that writes its result into a scratch buffer of
 * the execution context, so calls allocate nothing once warm.
 *
 * <p>Internal to the firewall module: not API.
 */
package dev.bliss.firewall.function;
