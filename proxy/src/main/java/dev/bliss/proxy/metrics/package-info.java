/** Prometheus metrics of the proxy, through Micrometer. */
package dev.bliss.proxy.metrics;
