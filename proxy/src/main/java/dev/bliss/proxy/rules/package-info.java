/** The firewall rules in the proxy: the rule set in force, its reload, its file watch. */
package dev.bliss.proxy.rules;
