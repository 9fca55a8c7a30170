/**
 * The bliss reverse proxy. {@link dev.bliss.proxy.ProxyServer} starts one from
 * {@link dev.bliss.proxy.config.ProxyOptions}; the sub-packages are its components: {@code config}
 * (options and the bliss.yaml reader), {@code forward} (header hygiene), {@code routing},
 * {@code pipeline} (detectors), {@code admin}, {@code metrics}, {@code accesslog}, {@code demo}.
 */
package dev.bliss.proxy;
