/**
 * Type checking: the names a filter can use ({@link dev.bliss.firewall.check.FieldCatalog}), the
 * operator × type matrix ({@link dev.bliss.firewall.check.TypeRules}) and what is known of named
 * lists. The parser consults these at every step, because which literal may follow an operator
 * depends on the type on its left.
 *
 * <p>Internal to the firewall module: not API.
 */
package dev.bliss.firewall.check;
