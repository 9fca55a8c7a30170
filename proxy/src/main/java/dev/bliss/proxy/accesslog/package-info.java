/** The JSON-lines access log, written off the event loops. */
package dev.bliss.proxy.accesslog;
