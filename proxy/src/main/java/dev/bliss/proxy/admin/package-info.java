/** The admin HTTP server: health, readiness, metrics, effective configuration, rules reload. */
package dev.bliss.proxy.admin;
