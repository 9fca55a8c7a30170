/**
 * Lexing of filter source text: the cursor over the characters, whitespace, identifiers,
 * keywords and every literal form (integers, IPs and networks, quoted, raw and hex byte strings,
 * regex and wildcard text, list names). Literals are lexed on demand, by the parser, because
 * which literal comes next depends on the type of the left-hand side (as in wirefilter).
 *
 * <p>Internal to the firewall module: not API.
 */
package dev.bliss.firewall.lex;
