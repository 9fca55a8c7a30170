/**
 * The value types of the rules language. Internal to the firewall module: not API.
 */
package dev.bliss.firewall.types;
