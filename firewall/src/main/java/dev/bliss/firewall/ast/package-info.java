/**
 * The syntax tree of a filter (a sealed {@link dev.bliss.firewall.ast.Expr} with one record per
 * node kind), the type-directed {@link dev.bliss.firewall.ast.Parser} that builds it, and the
 * {@link dev.bliss.firewall.ast.ExprPrinter} that writes it back.
 *
 * <p>Internal to the firewall module: not API.
 */
package dev.bliss.firewall.ast;
