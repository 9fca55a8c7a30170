/**
 * bliss's firewall: a Cloudflare-compatible rules language (the wirefilter dialect) over the
 * request and the fields detectors set, compiled into allocation-free evaluators, and the rules
 * and actions built on it.
 *
 * <pre>
 *   startup / reload (any thread)                 per request (event loop)
 *   ─────────────────────────────                 ────────────────────────
 *   Firewall.declareFields(registry)
 *   RuleSet.load(rules.yaml, scheme) ──► RuleSet ──► newEvaluator() ──► evaluate(request, fields) ──► Decision
 *                                         │                                            block / challenge / allow / none,
 *                                         └── usedFields(), counters()                 log matches, response
 * </pre>
 *
 * <p>Public API: this package and {@link dev.bliss.firewall.action}. The phase packages
 * ({@code lex}, {@code ast}, {@code types}, {@code check}, {@code compile}, {@code function},
 * {@code regex}, {@code eval}) are internal.
 */
package dev.bliss.firewall;
