/** Routes (host and path prefix, first match wins) to upstream groups with passive health. */
package dev.bliss.proxy.routing;
