package dev.bliss.proxy.config;

/**
 * The admin HTTP server (dashboard, health, metrics, config, reloads). Port 0 picks a free port.
 *
 * @param token the bearer token from {@code admin.token_file}, or {@code null}; required when
 *              {@code host} is not a loopback address
 * @param allowedHosts Host header names the server answers to besides its bound address and the
 *              localhost names ({@code admin.allowed_hosts}): a request naming another is refused
 *              (DNS rebinding)
 */
public record AdminOptions(boolean enabled, String host, int port, AdminToken token, java.util.List<String> allowedHosts) {

    public static final String DEFAULT_HOST = "127.0.0.1";
    public static final int DEFAULT_PORT = 9901;

    public AdminOptions {
        allowedHosts = java.util.List.copyOf(allowedHosts);
    }

    /** No names besides the bound address and localhost. */
    public AdminOptions(boolean enabled, String host, int port, AdminToken token) {
        this(enabled, host, port, token, java.util.List.of());
    }

    /** Without a token: for an admin server on loopback. */
    public AdminOptions(boolean enabled, String host, int port) {
        this(enabled, host, port, null);
    }

    /** Whether {@code host} names only this machine (127.0.0.0/8, ::1, localhost). */
    public static boolean isLoopback(String host) {
        String h = host.startsWith("[") && host.endsWith("]") ? host.substring(1, host.length() - 1) : host;
        if (h.equalsIgnoreCase("localhost")) {
            return true;
        }
        try {
            return java.net.InetAddress.ofLiteral(h).isLoopbackAddress();
        } catch (IllegalArgumentException e) {
            return false; // a name other than localhost: it may resolve anywhere
        }
    }
}
