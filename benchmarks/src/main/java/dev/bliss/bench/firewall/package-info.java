/**
 * JMH benchmarks of the firewall ({@code dev.bliss.firewall}): evaluating a realistic rule set of
 * twenty rules against one request, and compiling a thousand rules. See firewall/README.md
 * ("Figures") for the command and the latest results.
 */
package dev.bliss.bench.firewall;
