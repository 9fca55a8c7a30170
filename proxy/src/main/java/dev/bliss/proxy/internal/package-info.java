/**
 * Internal: the verticles, the request path and the start/stop sequence of the proxy. Not API;
 * may change in any release.
 */
package dev.bliss.proxy.internal;
