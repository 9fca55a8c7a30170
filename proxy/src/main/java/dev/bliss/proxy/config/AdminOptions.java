package dev.bliss.proxy.config;

/** The admin HTTP server (health, metrics, config, rules reload). Port 0 picks a free port. */
public record AdminOptions(boolean enabled, String host, int port) {

    public static final String DEFAULT_HOST = "127.0.0.1";
    public static final int DEFAULT_PORT = 9901;
}
